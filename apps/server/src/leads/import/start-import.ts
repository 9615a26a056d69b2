import { randomUUID } from "node:crypto";
import { analisarCsv, decodificarCsv, type TAnaliseCsv } from "@crm/domain/leads-csv";
import { MSG } from "@crm/domain/messages";
import type { TImportacaoRecusada, TImportacaoResumo } from "@crm/domain/schemas/leads";
import type { TDeps } from "../../core/deps.js";
import { type TCtxDaEmpresa, type TTx, withTenant } from "../../db/tenant.js";
import { badRequest, HttpError } from "../../http/errors.js";
import { garantirLimiteMensal } from "../plan-limit.js";
import { chaveLinhasImportacao, linhasDaImportacao } from "./import-file.js";
import { FILA_IMPORTACAO, type TTrabalhoImportacao } from "./import-queue.js";
import { resumoImportacao } from "./import-status.js";

export type TInicioImportacao = { ok: true; importacao: TImportacaoResumo } | { ok: false; recusa: TImportacaoRecusada };

/**
 * POST /importacao (001 §5, decision 0306): what can be answered at once is answered at once. The whole file is
 * read and checked first: a bad file is a 400, any bad line cancels the import with every 'Linha N' message, and a
 * file over the plan's monthly limit is refused, all with the database unchanged. A good file's checked lines are
 * stored ready for COPY (decision 1711: the job parses nothing), and the import row and its job are created in one
 * transaction: the job exists if and only if the row does.
 */
export async function iniciarImportacao(
  deps: Pick<TDeps, "db" | "storage" | "jobs">,
  ctx: TCtxDaEmpresa,
  arquivo: { dados: Buffer; nome: string },
): Promise<TInicioImportacao> {
  const analise = analisarCsv(decodificarCsv(arquivo.dados).texto);
  if (analise.erroArquivo) throw badRequest(analise.erroArquivo);
  if (analise.totalErros) {
    const { erros, totalErros, totalLinhas } = analise;
    return {
      ok: false,
      recusa: { erro: MSG.importacaoCancelada(totalErros), erros, totalErros, totalLinhas, inseridos: 0, duplicadas: [] },
    };
  }
  await withTenant(deps.db.app, ctx, (tx) => conferirLimiteDoPlano(tx, ctx.empresaId, analise));

  const id = randomUUID();
  const chave = chaveLinhasImportacao(ctx.empresaId, id);
  await deps.storage.gravar(chave, linhasDaImportacao(analise));
  let linha: Record<string, unknown>;
  try {
    linha = await withTenant(deps.db.app, ctx, async (tx) => {
      const { rows } = await tx.query(
        `INSERT INTO importacoes_leads (id, id_empresa_fk, id_usuario_fk, nome_arquivo, chave_arquivo, total_linhas)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [id, ctx.empresaId, ctx.usuarioId, arquivo.nome || "leads.csv", chave, analise.totalLinhas],
      );
      const dados: TTrabalhoImportacao = {
        importacaoId: id,
        empresaId: ctx.empresaId,
        usuarioId: ctx.usuarioId,
        papel: ctx.papel,
      };
      await deps.jobs.enviar(FILA_IMPORTACAO, dados, { tx });
      return rows[0];
    });
  } catch (e) {
    await deps.storage.remover(chave).catch(() => {});
    throw e;
  }
  deps.jobs.acordar(FILA_IMPORTACAO);
  return { ok: true, importacao: resumoImportacao(linha) };
}

/**
 * The plan's limit, up front, so that a file that cannot fit is refused now with the same message the job would
 * give. Counting the file's leads is enough when they fit; otherwise phones already in the company are left out
 * first, as the job does. Not authoritative: the job checks again under the company's lead-creation lock.
 */
async function conferirLimiteDoPlano(tx: TTx, empresaId: string, analise: TAnaliseCsv): Promise<void> {
  try {
    await garantirLimiteMensal(tx, empresaId, analise.leads.length);
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    const cadastrados = await telefonesCadastrados(
      tx,
      empresaId,
      analise.leads.map((l) => l.telefone_normalizado),
    );
    const novos = analise.leads.length - cadastrados;
    if (novos) await garantirLimiteMensal(tx, empresaId, novos);
  }
}

/** How many of these phones (distinct canonical digits) are already leads of the company. */
async function telefonesCadastrados(tx: TTx, empresaId: string, telefones: string[]): Promise<number> {
  const { rows } = await tx.query(
    `SELECT count(*)::int AS n FROM unnest($2::text[]) t
      WHERE EXISTS (SELECT 1 FROM leads_juros_check l WHERE l.id_empresa_fk = $1 AND l.telefone_normalizado = t)`,
    [empresaId, telefones],
  );
  return rows[0].n;
}
