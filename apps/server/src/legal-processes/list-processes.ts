import type { TFiltroProcessos, TPaginaProcessos } from "@crm/domain/schemas/processes";
import { STATUS_JURIDICO, type TStatusJuridico } from "@crm/domain/status";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { condicaoProcessos, ordemProcessos } from "./filter-sql.js";
import { COLUNAS_PROCESSO, JUNCOES_PROCESSO, paraProcesso } from "./process-row.js";

/**
 * One page of /processos, sorted and paged on the server, with the filtered total and the counters per legal
 * status (over every filter but the legal status, so each counter says what choosing it would show).
 */
export async function listarProcessos(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx & { empresaId: string },
  f: TFiltroProcessos,
): Promise<TPaginaProcessos> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { where, params } = await condicaoProcessos(tx, ctx.empresaId, f);
    const n = params.length;
    const { rows } = await tx.query(
      `SELECT ${COLUNAS_PROCESSO} FROM leads_juros_check l ${JUNCOES_PROCESSO}
        WHERE ${where} ORDER BY ${ordemProcessos(f.ordem, f.direcao)} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, f.tamanho, (f.pagina - 1) * f.tamanho],
    );
    const todos = await condicaoProcessos(tx, ctx.empresaId, f, true);
    const { rows: cont } = await tx.query<{ status: TStatusJuridico; n: number }>(
      `SELECT l.status_juridico_lead AS status, count(*)::int AS n FROM leads_juros_check l
        WHERE ${todos.where} GROUP BY 1`,
      todos.params,
    );
    const porStatus = Object.fromEntries(STATUS_JURIDICO.map((s) => [s, 0])) as Record<TStatusJuridico, number>;
    for (const c of cont) if (c.status in porStatus) porStatus[c.status] += c.n;
    const totalGeral = cont.reduce((a, c) => a + c.n, 0);
    return {
      itens: rows.map(paraProcesso),
      pagina: f.pagina,
      tamanho: f.tamanho,
      total: f.statusJuridico ? porStatus[f.statusJuridico] : totalGeral,
      contadores: { total: totalGeral, porStatus },
    };
  });
}
