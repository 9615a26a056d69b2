import { MSG } from "@crm/domain/messages";
import { PAPEL } from "@crm/domain/roles";
import type { FastifyRequest } from "fastify";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { contextoDe, requireAuth } from "../http/auth-context.js";
import { forbidden, notFound } from "../http/errors.js";

/** A lead request always acts on exactly one company. */
export type TCtxLeads = TTenantCtx & { empresaId: string };

/**
 * The company a lead route acts on. On /api/leads… it is the caller's own. On /api/empresas/{empresaId}/leads…
 * (000 §2.1 /empresa/{empresaId}/leads) only the platform admin may name another company, and the transaction's
 * tenant is then set to that company alone, after checking the role and that the company exists.
 */
export async function contextoLeads(deps: Pick<TDeps, "db">, req: FastifyRequest): Promise<TCtxLeads> {
  const a = requireAuth(req);
  const daRota = (req.params as { empresaId?: string } | undefined)?.empresaId;
  if (daRota === undefined) {
    if (!a.empresaId) throw notFound(MSG.empresaNaoEncontrada); // a platform admin has no company of their own
    return { ...contextoDe(a), empresaId: a.empresaId };
  }
  if (a.papel !== PAPEL.plataforma) throw forbidden();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(daRota)) throw notFound(MSG.empresaNaoEncontrada);
  const ctx = { ...contextoDe(a), empresaId: daRota };
  const existe = await withTenant(deps.db.app, ctx, async (tx) => {
    const { rowCount } = await tx.query("SELECT 1 FROM empresas WHERE id = $1", [daRota]);
    return !!rowCount;
  });
  if (!existe) throw notFound(MSG.empresaNaoEncontrada);
  return ctx;
}
