import { LIMITE_SINO, type TSino } from "@crm/domain/schemas/notifications";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { COLUNAS_NOTIFICACAO, paraNotificacao } from "./row.js";

/** The bell (000 §2.15): the user's 50 newest notifications and how many are unread. */
export async function listarSino(deps: Pick<TDeps, "db">, ctx: TTenantCtx): Promise<TSino> {
  // notifications belong to a company; a platform admin has none, so their bell is simply empty
  const empresaId = ctx.empresaId;
  if (!empresaId) return { itens: [], naoLidas: 0 };
  return withTenant(deps.db.app, ctx, async (tx) => {
    const itens = await tx.query(
      `SELECT ${COLUNAS_NOTIFICACAO} FROM notificacoes
        WHERE id_empresa_fk = $1 AND id_usuario_fk = $2
        ORDER BY created_at DESC, id DESC LIMIT $3`,
      [empresaId, ctx.usuarioId, LIMITE_SINO],
    );
    const naoLidas = await tx.query(
      "SELECT count(*)::int AS n FROM notificacoes WHERE id_empresa_fk = $1 AND id_usuario_fk = $2 AND NOT lida",
      [empresaId, ctx.usuarioId],
    );
    return { itens: itens.rows.map(paraNotificacao), naoLidas: naoLidas.rows[0].n };
  });
}
