import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";

/** 'Marcar todas como lidas': every unread notification of the user. Returns how many changed. */
export async function marcarTodasNotificacoesLidas(deps: Pick<TDeps, "db" | "realtime">, ctx: TTenantCtx): Promise<number> {
  const empresaId = ctx.empresaId;
  if (!empresaId) return 0; // platform admin: nothing to mark
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rowCount } = await tx.query(
      "UPDATE notificacoes SET lida = true, read_at = now() WHERE id_empresa_fk = $1 AND id_usuario_fk = $2 AND NOT lida",
      [empresaId, ctx.usuarioId],
    );
    // the user's other tabs refresh their bell
    if (rowCount) await deps.realtime.publicar(tx, { empresaId, usuarioId: ctx.usuarioId }, { tipo: "notificacoes.atualizadas" });
    return rowCount ?? 0;
  });
}
