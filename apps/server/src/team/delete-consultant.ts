import { MSG } from "@crm/domain/messages";
import { PAPEL } from "@crm/domain/roles";
import { registrarAuditoria } from "../auth/audit.js";
import type { TDeps } from "../core/deps.js";
import { type TCtxEmpresa, withTenant } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { avisarEquipeAtualizada } from "../invitations/create-invite.js";
import { desativarUsuario } from "../membership/deactivate-user.js";
import { removerRegistroConsultor } from "../membership/remove-consultant-record.js";

/**
 * Deletes a consultant (001 §7 'consultores delete'), in one transaction: their leads become unassigned (each change
 * in lead_status_historico; leads, conversations and history all stay), a pending invitation of their email goes,
 * and a Consultor account of theirs is switched off (signed out everywhere). Returns how many leads were unassigned.
 */
export async function excluirConsultor(
  deps: Pick<TDeps, "db" | "realtime">,
  ctx: TCtxEmpresa,
  id: string,
  meta: { ip: string },
): Promise<number> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT c.nome, c.email, c.id_usuario_fk, u.papel FROM consultores c
         LEFT JOIN usuarios_plataforma u ON u.id = c.id_usuario_fk
        WHERE c.id_empresa_fk = $1 AND c.id = $2 FOR UPDATE OF c`,
      [ctx.empresaId, id],
    );
    const c = rows[0];
    if (!c) throw notFound(MSG.consultorNaoEncontrado);
    const leads = await removerRegistroConsultor(tx, {
      empresaId: ctx.empresaId,
      consultorId: id,
      atorId: ctx.usuarioId,
      motivo: `Consultor ${c.nome} removido da equipe`,
    });
    await tx.query("DELETE FROM convites WHERE id_empresa_fk = $1 AND email = $2 AND used_at IS NULL", [ctx.empresaId, c.email]);
    // an admin who also had a consultant record keeps their account; a consultant's goes with the team seat
    if (c.id_usuario_fk && c.papel === PAPEL.consultor) {
      await desativarUsuario(deps, tx, { empresaId: ctx.empresaId, usuarioId: c.id_usuario_fk });
    }
    await registrarAuditoria(tx, {
      empresaId: ctx.empresaId,
      usuarioId: ctx.usuarioId,
      acao: "consultor.excluido",
      entidade: "consultor",
      entidadeId: id,
      dados: { nome: c.nome, email: c.email, leadsDesatribuidos: leads },
      ip: meta.ip,
    });
    await avisarEquipeAtualizada(deps, tx, ctx.empresaId);
    return leads;
  });
}
