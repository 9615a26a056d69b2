import type { FastifyRequest } from "fastify";
import type { TDeps } from "../core/deps.js";
import type { TTenantCtx } from "../db/tenant.js";
import { contextoEmpresa } from "../membership/target-company.js";

/** A lead request always acts on exactly one company. */
export type TCtxLeads = TTenantCtx & { empresaId: string };

/**
 * The company a lead route acts on: the caller's own, or for the platform admin the one named in `?empresaId=`
 * (000 §2.1 /empresa/{empresaId}/leads), the one URL shape of every company screen's API (decision 1641).
 */
export async function contextoLeads(deps: Pick<TDeps, "db">, req: FastifyRequest): Promise<TCtxLeads> {
  const { empresaNome: _n, plano: _p, ...ctx } = await contextoEmpresa(deps, req);
  return ctx;
}
