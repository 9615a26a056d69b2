import type { TStatusLead } from "@crm/domain/status";
import { withTenant } from "../db/tenant.js";
import type { TDeps } from "../deps.js";
import type { TCtxLeads } from "./context.js";
import { avisarLeadsAlterados, registrarHistorico } from "./events.js";
import { travarLeads } from "./load-for-update.js";

/**
 * Sets status_lead on leads the caller may act on (the board's menu and drag and drop, /leads bulk actions),
 * records from → to in each lead's history and pushes the change live. No order is enforced between statuses
 * (001 'My Leads'). Returns how many leads actually changed.
 */
export async function mudarStatusLeads(
  deps: Pick<TDeps, "db" | "realtime">,
  ctx: TCtxLeads,
  ids: string[],
  status: TStatusLead,
): Promise<number> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const leads = await travarLeads(tx, ctx, ids);
    const mudam = leads.filter((l) => l.status_lead !== status);
    if (!mudam.length) return 0;
    await tx.query(
      "UPDATE leads_juros_check SET status_lead = $3, updated_at = now() WHERE id_empresa_fk = $1 AND id = ANY ($2::uuid[])",
      [ctx.empresaId, mudam.map((l) => l.id), status],
    );
    await registrarHistorico(tx, {
      empresaId: ctx.empresaId,
      campo: "status_lead",
      usuarioId: ctx.usuarioId,
      mudancas: mudam.map((l) => ({ leadId: l.id, de: l.status_lead, para: status })),
    });
    await avisarLeadsAlterados(
      deps,
      tx,
      ctx.empresaId,
      mudam.map((l) => l.id),
    );
    return mudam.length;
  });
}
