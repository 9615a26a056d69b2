import { MSG } from "@crm/domain/messages";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { notFound } from "../http/errors.js";

/**
 * Marks one of the user's own notifications read. Someone else's id (or another company's) is 404,
 * the same as a missing one, so ids cannot be probed. Marking an already read one again is a no-op.
 */
export async function marcarNotificacaoLida(deps: Pick<TDeps, "db" | "realtime">, ctx: TTenantCtx, id: string): Promise<void> {
  const empresaId = ctx.empresaId;
  if (!empresaId) throw notFound(MSG.notificacaoNaoEncontrada);
  await withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      "SELECT lida FROM notificacoes WHERE id_empresa_fk = $1 AND id_usuario_fk = $2 AND id = $3 FOR UPDATE",
      [empresaId, ctx.usuarioId, id],
    );
    if (!rows.length) throw notFound(MSG.notificacaoNaoEncontrada);
    if (rows[0].lida) return;
    await tx.query(
      "UPDATE notificacoes SET lida = true, read_at = now() WHERE id_empresa_fk = $1 AND id_usuario_fk = $2 AND id = $3",
      [empresaId, ctx.usuarioId, id],
    );
    // the user's other tabs refresh their bell
    await deps.realtime.publicar(tx, { empresaId, usuarioId: ctx.usuarioId }, { tipo: "notificacoes.atualizadas" });
  });
}
