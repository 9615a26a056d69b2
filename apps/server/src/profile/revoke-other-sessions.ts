import type { TDeps } from "../core/deps.js";
import type { TTenantCtx, TTx } from "../db/tenant.js";

/**
 * Ends every session of the user except the caller's (`sessaoAtual`) (001 §7 'sign out scope others'), and tells each one's open
 * tabs, on whichever server instance, to go to /login. Returns how many ended.
 */
export async function revogarOutrasSessoes(
  deps: Pick<TDeps, "realtime">,
  tx: TTx,
  ctx: TTenantCtx,
  sessaoAtual: string,
): Promise<number> {
  const { rows } = await tx.query(
    "UPDATE auth_sessoes SET revoked_at = now() WHERE id_usuario_fk = $1 AND id <> $2 AND revoked_at IS NULL RETURNING id",
    [ctx.usuarioId, sessaoAtual],
  );
  for (const s of rows) {
    await deps.realtime.publicar(tx, { empresaId: ctx.empresaId, sessaoId: s.id }, { tipo: "sessao.revogada" });
  }
  return rows.length;
}
