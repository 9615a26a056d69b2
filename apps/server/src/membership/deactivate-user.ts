import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";

/**
 * Switches a company account off when its person leaves the team. Its sessions stop working at once (a session
 * needs an active user) and its open tabs are told to go to /login; the row stays, so messages and history keep
 * their author. A later invitation to the same email reactivates it and revokes those old sessions for good.
 */
export async function desativarUsuario(
  deps: Pick<TDeps, "realtime">,
  tx: TTx,
  p: { empresaId: string; usuarioId: string },
): Promise<void> {
  const { rowCount } = await tx.query(
    "UPDATE usuarios_plataforma SET ativo = false, updated_at = now() WHERE id_empresa_fk = $1 AND id = $2 AND ativo",
    [p.empresaId, p.usuarioId],
  );
  if (rowCount) await deps.realtime.publicar(tx, { empresaId: p.empresaId, usuarioId: p.usuarioId }, { tipo: "sessao.revogada" });
}
