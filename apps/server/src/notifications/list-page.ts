import type { TFiltroNotificacoes, TPaginaNotificacoes } from "@crm/domain/schemas/notifications";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { COLUNAS_NOTIFICACAO, paraNotificacao } from "./row.js";

/** /notificacoes: the user's notifications page by page, filtered by type and read state. */
export async function listarPaginaNotificacoes(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx,
  filtro: TFiltroNotificacoes,
): Promise<TPaginaNotificacoes> {
  const vazia = { itens: [], total: 0, pagina: filtro.pagina, tamanho: filtro.tamanho };
  if (!ctx.empresaId) return vazia; // platform admin: no company, no notifications
  const where = ["id_empresa_fk = $1", "id_usuario_fk = $2"];
  const params: unknown[] = [ctx.empresaId, ctx.usuarioId];
  if (filtro.tipo) {
    params.push(filtro.tipo);
    where.push(`tipo = $${params.length}`);
  }
  if (filtro.situacao === "lidas") where.push("lida");
  if (filtro.situacao === "nao_lidas") where.push("NOT lida");
  const cond = where.join(" AND ");
  return withTenant(deps.db.app, ctx, async (tx) => {
    const total = await tx.query(`SELECT count(*)::int AS n FROM notificacoes WHERE ${cond}`, params);
    const itens = await tx.query(
      `SELECT ${COLUNAS_NOTIFICACAO} FROM notificacoes WHERE ${cond}
        ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, filtro.tamanho, (filtro.pagina - 1) * filtro.tamanho],
    );
    return { ...vazia, itens: itens.rows.map(paraNotificacao), total: total.rows[0].n };
  });
}
