import { MSG } from "@crm/domain/messages";
import { registrarAuditoria } from "../auth/audit.js";
import type { TDeps } from "../core/deps.js";
import { type TCtxEmpresa, withTenant } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { avisarEquipeAtualizada } from "./create-invite.js";

/** Deletes a pending invitation: its link stops working at once. Another company's or a used one is 404. */
export async function excluirConvite(
  deps: Pick<TDeps, "db" | "realtime">,
  ctx: TCtxEmpresa,
  id: string,
  meta: { ip: string },
): Promise<void> {
  await withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      "DELETE FROM convites WHERE id_empresa_fk = $1 AND id = $2 AND used_at IS NULL RETURNING email, papel",
      [ctx.empresaId, id],
    );
    if (!rows.length) throw notFound(MSG.conviteNaoEncontrado);
    await registrarAuditoria(tx, {
      empresaId: ctx.empresaId,
      usuarioId: ctx.usuarioId,
      acao: "convite.excluido",
      entidade: "convite",
      entidadeId: id,
      dados: { email: rows[0].email, papel: rows[0].papel },
      ip: meta.ip,
    });
    await avisarEquipeAtualizada(deps, tx, ctx.empresaId);
  });
}
