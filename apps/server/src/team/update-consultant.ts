import { MSG } from "@crm/domain/messages";
import { telefoneParaGravar } from "@crm/domain/phone";
import type { TEdicaoConsultor } from "@crm/domain/schemas/team";
import { registrarAuditoria } from "../auth/audit.js";
import type { TDeps } from "../core/deps.js";
import { type TCtxEmpresa, withTenant } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { avisarEquipeAtualizada } from "../invitations/create-invite.js";

/**
 * Consultant edit (001 §5, §7 'consultores update nome, whatsapp'): the email stays (it is the sign-in). The name
 * is the person's, so their account's name follows. Another company's consultant is 404 and unchanged.
 */
export async function atualizarConsultor(
  deps: Pick<TDeps, "db" | "realtime">,
  ctx: TCtxEmpresa,
  id: string,
  dados: TEdicaoConsultor,
  meta: { ip: string },
): Promise<void> {
  await withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `UPDATE consultores SET nome = $3, whatsapp = $4, updated_at = now()
        WHERE id_empresa_fk = $1 AND id = $2 RETURNING id_usuario_fk`,
      [ctx.empresaId, id, dados.nome, telefoneParaGravar(dados.whatsapp)],
    );
    if (!rows.length) throw notFound(MSG.consultorNaoEncontrado);
    if (rows[0].id_usuario_fk) {
      await tx.query("UPDATE usuarios_plataforma SET nome = $3, updated_at = now() WHERE id_empresa_fk = $1 AND id = $2", [
        ctx.empresaId,
        rows[0].id_usuario_fk,
        dados.nome,
      ]);
    }
    await registrarAuditoria(tx, {
      empresaId: ctx.empresaId,
      usuarioId: ctx.usuarioId,
      acao: "consultor.atualizado",
      entidade: "consultor",
      entidadeId: id,
      dados,
      ip: meta.ip,
    });
    await avisarEquipeAtualizada(deps, tx, ctx.empresaId);
  });
}
