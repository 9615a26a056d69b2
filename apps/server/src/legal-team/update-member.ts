import { MSG } from "@crm/domain/messages";
import { telefoneParaGravar } from "@crm/domain/phone";
import type { TMembroJuridicoForm } from "@crm/domain/schemas/team";
import { registrarAuditoria } from "../auth/audit.js";
import type { TDeps } from "../core/deps.js";
import { type TCtxEmpresa, withTenant } from "../db/tenant.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import { avisarEquipeAtualizada } from "../invitations/create-invite.js";
import { ehEmailDuplicado } from "./create-member.js";

/**
 * Edits a member. A member with a sign-in keeps their email (it is their login) and their account's name follows;
 * a member without one may change it, and a pending invitation to the old address is withdrawn.
 */
export async function atualizarMembro(
  deps: Pick<TDeps, "db" | "realtime">,
  ctx: TCtxEmpresa,
  id: string,
  dados: TMembroJuridicoForm,
  meta: { ip: string },
): Promise<void> {
  try {
    await withTenant(deps.db.app, ctx, async (tx) => {
      const { rows } = await tx.query(
        "SELECT email, id_usuario_fk FROM profissionais_juridicos WHERE id_empresa_fk = $1 AND id = $2 FOR UPDATE",
        [ctx.empresaId, id],
      );
      const atual = rows[0];
      if (!atual) throw notFound(MSG.membroNaoEncontrado);
      if (atual.id_usuario_fk && dados.email !== atual.email)
        throw badRequest(MSG.membroEmailFixo, { email: MSG.membroEmailFixo });
      await tx.query(
        `UPDATE profissionais_juridicos SET nome = $3, email = $4, telefone = $5, especialidade = $6, status = $7, updated_at = now()
          WHERE id_empresa_fk = $1 AND id = $2`,
        [ctx.empresaId, id, dados.nome, dados.email, telefoneParaGravar(dados.telefone), dados.especialidade, dados.status],
      );
      if (dados.email !== atual.email) {
        await tx.query(
          "DELETE FROM convites WHERE id_empresa_fk = $1 AND email = $2 AND used_at IS NULL AND papel = 'Jurídico'",
          [ctx.empresaId, atual.email],
        );
      }
      if (atual.id_usuario_fk) {
        await tx.query("UPDATE usuarios_plataforma SET nome = $3, updated_at = now() WHERE id_empresa_fk = $1 AND id = $2", [
          ctx.empresaId,
          atual.id_usuario_fk,
          dados.nome,
        ]);
      }
      await registrarAuditoria(tx, {
        empresaId: ctx.empresaId,
        usuarioId: ctx.usuarioId,
        acao: "juridico.membro_atualizado",
        entidade: "profissional_juridico",
        entidadeId: id,
        dados,
        ip: meta.ip,
      });
      await avisarEquipeAtualizada(deps, tx, ctx.empresaId);
    });
  } catch (err) {
    if (ehEmailDuplicado(err)) throw conflict(MSG.membroEmailDuplicado);
    throw err;
  }
}
