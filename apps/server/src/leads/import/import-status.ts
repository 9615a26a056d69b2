import { MSG } from "@crm/domain/messages";
import type { TImportacaoLeads, TImportacaoResumo, TStatusImportacao } from "@crm/domain/schemas/leads";
import type { TDeps } from "../../core/deps.js";
import { type TCtxDaEmpresa, withTenant } from "../../db/tenant.js";
import { notFound } from "../../http/errors.js";

/** Imports listed by GET /importacoes: enough to find one still running when the person comes back. */
const RECENTES = 10;
const COLUNAS_RESUMO =
  "id, status, nome_arquivo, total_linhas, a_inserir, processadas, inseridos, erro, created_at, concluida_em";

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : null);

export function resumoImportacao(r: Record<string, unknown>): TImportacaoResumo {
  return {
    id: r.id as string,
    status: r.status as TStatusImportacao,
    nomeArquivo: r.nome_arquivo as string,
    totalLinhas: r.total_linhas as number,
    aInserir: (r.a_inserir as number | null) ?? null,
    processadas: r.processadas as number,
    inseridos: (r.inseridos as number | null) ?? null,
    erro: (r.erro as string | null) ?? null,
    criadaEm: iso(r.created_at) as string,
    concluidaEm: iso(r.concluida_em),
  };
}

/**
 * GET /importacoes/{id}: where an import is, and its result once 'concluida' (the same result the import used to
 * answer at once; line errors never reach a job, they are refused by POST). Always within the route's company: a
 * platform admin crosses companies under RLS, so the company is in the WHERE too; another company's id is a 404.
 */
export async function lerImportacao(deps: Pick<TDeps, "db">, ctx: TCtxDaEmpresa, id: string): Promise<TImportacaoLeads> {
  const r = await withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT ${COLUNAS_RESUMO}, duplicadas FROM importacoes_leads WHERE id_empresa_fk = $1 AND id = $2`,
      [ctx.empresaId, id],
    );
    return rows[0];
  });
  if (!r) throw notFound(MSG.importacaoNaoEncontrada);
  const resumo = resumoImportacao(r);
  const resultado =
    resumo.status === "concluida"
      ? {
          inseridos: resumo.inseridos ?? 0,
          duplicadas: r.duplicadas ?? [],
          erros: [],
          totalErros: 0,
          totalLinhas: resumo.totalLinhas,
        }
      : null;
  return { ...resumo, resultado };
}

/** GET /importacoes: the company's latest imports, newest first, without their result lists. */
export async function listarImportacoes(deps: Pick<TDeps, "db">, ctx: TCtxDaEmpresa): Promise<TImportacaoResumo[]> {
  const rows = await withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT ${COLUNAS_RESUMO} FROM importacoes_leads WHERE id_empresa_fk = $1 ORDER BY created_at DESC LIMIT $2`,
      [ctx.empresaId, RECENTES],
    );
    return rows;
  });
  return rows.map(resumoImportacao);
}
