import { infoColuna } from "@crm/domain/leads-board";
import type { TFiltroLeads, TResumoLeads } from "@crm/domain/schemas/leads";
import { preparada } from "../db/prepared.js";
import { withTenant } from "../db/tenant.js";
import type { TDeps } from "../deps.js";
import type { TCtxLeads } from "./context.js";
import { montarCondicao } from "./filter-sql.js";

/**
 * The four counters of /leads over the same filters as the table: total, qualified, in service, converted
 * (the board's column groups, so both screens count a status the same way).
 */
export async function resumirLeads(deps: Pick<TDeps, "db">, ctx: TCtxLeads, f: TFiltroLeads): Promise<TResumoLeads> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { where, params } = await montarCondicao(tx, ctx, f);
    const n = params.length;
    const { rows } = await tx.query(
      preparada(
        `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE l.status_lead = ANY ($${n + 1}::text[]))::int AS qualificados,
              count(*) FILTER (WHERE l.status_lead = ANY ($${n + 2}::text[]))::int AS "emAtendimento",
              count(*) FILTER (WHERE l.status_lead = ANY ($${n + 3}::text[]))::int AS convertidos
         FROM leads_juros_check l WHERE ${where}`,
        [...params, infoColuna("qualificados").status, infoColuna("atendimento").status, infoColuna("convertidos").status],
      ),
    );
    return rows[0];
  });
}
