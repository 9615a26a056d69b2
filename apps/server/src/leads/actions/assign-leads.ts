import { MSG } from "@crm/domain/messages";
import type { TDeps } from "../../core/deps.js";
import { type TCtxDaEmpresa, withTenant } from "../../db/tenant.js";
import { notFound } from "../../http/errors.js";
import { gravarAtribuicoes, type TAutorAtribuicao } from "../../lead-events/assignment.js";
import { travarLeads } from "./load-for-update.js";

/**
 * Assigns leads chosen on /leads (one or many) to a consultant of the same company, or clears the assignment with
 * null, in one transaction; recording, notice and events are the assignment's own (lead-events/assignment.ts).
 * Returns how many leads actually changed.
 */
export async function atribuirLeads(
  deps: Pick<TDeps, "db" | "realtime">,
  ctx: TCtxDaEmpresa,
  ids: string[],
  consultorId: string | null,
  autor: TAutorAtribuicao = { usuarioId: ctx.usuarioId, origem: "usuario", motivo: null },
): Promise<number> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    if (consultorId) {
      const { rowCount } = await tx.query("SELECT 1 FROM consultores WHERE id_empresa_fk = $1 AND id = $2", [
        ctx.empresaId,
        consultorId,
      ]);
      if (!rowCount) throw notFound(MSG.consultorNaoEncontrado);
    }
    const leads = await travarLeads(tx, ctx, ids);
    const mudam = leads.filter((l) => l.consultor_atribuido_id !== consultorId);
    if (!mudam.length) return 0;
    // after the leads, like every assignment (assign-lead.ts): the automatic one counts open leads under this lock
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`atribuicao:${ctx.empresaId}`]);
    await gravarAtribuicoes(deps, tx, {
      empresaId: ctx.empresaId,
      leads: mudam,
      consultor: consultorId ? { id: consultorId } : null,
      autor,
    });
    return mudam.length;
  });
}
