import { MSG } from "@crm/domain/messages";
import type { TImportacaoRecusada, TImportacaoResumo } from "@crm/domain/schemas/leads";
import { registrarAcaoDoErro } from "../../../lib/errorActions";
import { uploadWithProgress } from "../../../lib/uploadWithProgress";
import { urlLeads } from "../api";

/** A refused import: the status and what the server said (line errors included when there are some). */
export class ImportacaoRecusada extends Error {
  constructor(
    public readonly status: number,
    public readonly recusa: TImportacaoRecusada,
  ) {
    super(recusa.erro);
  }
}

/**
 * Sends the CSV with upload progress. Resolves with the accepted import (202), which a job then runs; rejects with
 * ImportacaoRecusada.
 */
export async function enviarCsv(base: string, arquivo: File, onProgresso: (fracao: number) => void): Promise<TImportacaoResumo> {
  const corpo = new FormData();
  corpo.append("arquivo", arquivo, arquivo.name);
  const r = await uploadWithProgress(urlLeads(base, "/importacao"), corpo, onProgresso);
  if (r.status === 0) throw new ImportacaoRecusada(0, { erro: MSG.erroConexao });
  const resposta = r.body as (TImportacaoResumo & TImportacaoRecusada) | null;
  if (r.status === 202 && resposta) return resposta;
  const erro = typeof resposta?.erro === "string" ? resposta.erro : MSG.erroProcessarCsv;
  registrarAcaoDoErro(erro, (resposta as { codigo?: string } | null)?.codigo);
  throw new ImportacaoRecusada(r.status, { ...resposta, erro });
}
