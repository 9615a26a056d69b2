import type { TConvite, TPapelConvite } from "@crm/domain/schemas/team";
import type { TDeps } from "../core/deps.js";
import { type TCtxEmpresa, withTenant } from "../db/tenant.js";
import { COLUNAS_CONVITE, paraConvite } from "./invite-row.js";

/** Pending invitations (not yet used) of some roles, newest first; expired ones stay, flagged, until deleted or resent. */
export function listarConvites(
  deps: Pick<TDeps, "db" | "config">,
  ctx: TCtxEmpresa,
  papeis: readonly TPapelConvite[],
): Promise<TConvite[]> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT ${COLUNAS_CONVITE} FROM convites
        WHERE id_empresa_fk = $1 AND used_at IS NULL AND papel = ANY ($2::text[])
        ORDER BY created_at DESC, id`,
      [ctx.empresaId, papeis],
    );
    return rows.map((r) => paraConvite(deps, r));
  });
}
