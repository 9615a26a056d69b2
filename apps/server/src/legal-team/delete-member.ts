import { MSG } from "@crm/domain/messages";
import { PAPEL } from "@crm/domain/roles";
import { registrarAuditoria } from "../auth/audit.js";
import type { TDeps } from "../core/deps.js";
import { type TCtxEmpresa, withTenant } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { avisarEquipeAtualizada } from "../invitations/create-invite.js";
import { desativarUsuario } from "../membership/deactivate-user.js";
import { desvincularUsuarioJuridico } from "../membership/unlink-legal-user.js";

/**
 * Removes a member (after 'Tem certeza que deseja remover este membro?'), persisted. Their pending invitation goes;
 * a Jurídico account of theirs is switched off and its legal leads become unassigned (recorded, nothing deleted).
 */
export async function excluirMembro(
  deps: Pick<TDeps, "db" | "realtime">,
  ctx: TCtxEmpresa,
  id: string,
  meta: { ip: string },
): Promise<void> {
  await withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT m.nome, m.email, m.id_usuario_fk, u.papel FROM profissionais_juridicos m
         LEFT JOIN usuarios_plataforma u ON u.id = m.id_usuario_fk
        WHERE m.id_empresa_fk = $1 AND m.id = $2 FOR UPDATE OF m`,
      [ctx.empresaId, id],
    );
    const m = rows[0];
    if (!m) throw notFound(MSG.membroNaoEncontrado);
    if (m.id_usuario_fk && m.papel === PAPEL.juridico) {
      await desvincularUsuarioJuridico(tx, {
        empresaId: ctx.empresaId,
        usuarioId: m.id_usuario_fk,
        atorId: ctx.usuarioId,
        motivo: `${m.nome} removido(a) da equipe jurídica`,
      });
      await desativarUsuario(deps, tx, { empresaId: ctx.empresaId, usuarioId: m.id_usuario_fk });
    }
    await tx.query("DELETE FROM profissionais_juridicos WHERE id_empresa_fk = $1 AND id = $2", [ctx.empresaId, id]);
    await tx.query("DELETE FROM convites WHERE id_empresa_fk = $1 AND email = $2 AND used_at IS NULL AND papel = 'Jurídico'", [
      ctx.empresaId,
      m.email,
    ]);
    await registrarAuditoria(tx, {
      empresaId: ctx.empresaId,
      usuarioId: ctx.usuarioId,
      acao: "juridico.membro_excluido",
      entidade: "profissional_juridico",
      entidadeId: id,
      dados: { nome: m.nome, email: m.email },
      ip: meta.ip,
    });
    await avisarEquipeAtualizada(deps, tx, ctx.empresaId);
  });
}
