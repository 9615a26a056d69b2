import { MSG } from "@crm/domain/messages";
import type { TImportacaoRecusada, TImportacaoResumo } from "@crm/domain/schemas/leads";
import { COOKIE_CSRF, lerCookie } from "../../../lib/api";
import { registrarAcaoDoErro } from "../../../lib/errorActions";
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
 * Sends the CSV as multipart with the CSRF header, reporting upload progress (fetch cannot, hence XHR).
 * Resolves with the accepted import (202), which a job then runs; rejects with ImportacaoRecusada.
 */
export async function enviarCsv(base: string, arquivo: File, onProgresso: (fracao: number) => void): Promise<TImportacaoResumo> {
  if (!lerCookie(COOKIE_CSRF)) await fetch("/api/config/publica", { credentials: "include" }).catch(() => undefined);
  const corpo = new FormData();
  corpo.append("arquivo", arquivo, arquivo.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", urlLeads(base, "/importacao"));
    xhr.withCredentials = true;
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    const csrf = lerCookie(COOKIE_CSRF);
    if (csrf) xhr.setRequestHeader("X-CSRF-Token", csrf);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgresso(e.loaded / e.total);
    xhr.onload = () => {
      const corpoResposta = xhr.response as (TImportacaoResumo & TImportacaoRecusada) | null;
      if (xhr.status === 202 && corpoResposta) return resolve(corpoResposta);
      const erro = typeof corpoResposta?.erro === "string" ? corpoResposta.erro : MSG.erroProcessarCsv;
      registrarAcaoDoErro(erro, (corpoResposta as { codigo?: string } | null)?.codigo);
      reject(new ImportacaoRecusada(xhr.status, { ...corpoResposta, erro }));
    };
    xhr.onerror = () => reject(new ImportacaoRecusada(0, { erro: MSG.erroConexao }));
    xhr.send(corpo);
  });
}
