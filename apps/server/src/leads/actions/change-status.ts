import type { TStatusLead } from "@crm/domain/status";
import type { TDeps } from "../../core/deps.js";
import { type TCtxDaEmpresa, withTenant } from "../../db/tenant.js";
import type { TAutor } from "../../lead-events/history.js";
import { mudarStatusDosLeads } from "../../lead-events/status.js";
import { travarLeads } from "./load-for-update.js";

/**
 * Sets status_lead on leads the caller may act on (the board's menu and drag and drop, /leads bulk actions),
 * records from → to in each lead's history and pushes the change live. No order is enforced between statuses
 * (001 'My Leads'). Returns how many leads actually changed.
 */
export async function mudarStatusLeads(
  deps: Pick<TDeps, "db" | "realtime" | "jobs">,
  ctx: TCtxDaEmpresa,
  ids: string[],
  status: TStatusLead,
  autor: TAutor = { usuarioId: ctx.usuarioId, origem: "usuario" },
): Promise<number> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const leads = await travarLeads(tx, ctx, ids);
    const mudaram = await mudarStatusDosLeads(deps, tx, {
      empresaId: ctx.empresaId,
      leads,
      para: status,
      autor,
    });
    return mudaram.length;
  });
}
