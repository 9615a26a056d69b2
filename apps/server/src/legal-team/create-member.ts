import { MSG } from "@crm/domain/messages";
import { telefoneParaGravar } from "@crm/domain/phone";
import { PAPEL } from "@crm/domain/roles";
import type { TMembroJuridico, TNovoMembroJuridico } from "@crm/domain/schemas/team";
import { registrarAuditoria } from "../auth/audit.js";
import type { TDeps } from "../core/deps.js";
import { type TCtxEmpresa, withTenant } from "../db/tenant.js";
import { conflict } from "../http/errors.js";
import { avisarEquipeAtualizada, criarConviteNaTransacao } from "../invitations/create-invite.js";
import { unsafeContaDoEmail } from "../invitations/existing-account.js";
import { paraMembro, SELECT_MEMBROS } from "./member-row.js";

/** A duplicate email in the company's legal team is a 409 with the spec-style message, not a 500. */
export function ehEmailDuplicado(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string };
  return e.code === "23505" && e.constraint === "profissionais_juridicos_id_empresa_fk_email_key";
}

/**
 * Adds a legal team member (001 §5: all four fields), persisted where the original kept sample data. A member
 * whose email is already a Jurídico account of the company is linked at once; otherwise, when asked, they are
 * invited through /convite-juridico in the same transaction (member and invitation exist together or not at all).
 */
export async function criarMembro(
  deps: Pick<TDeps, "db" | "config" | "mailer" | "realtime">,
  ctx: TCtxEmpresa,
  dados: TNovoMembroJuridico,
  meta: { ip: string },
): Promise<TMembroJuridico> {
  const conta = await unsafeContaDoEmail(deps.db.app, dados.email);
  const jaJuridico = conta?.ativo && conta.id_empresa_fk === ctx.empresaId && conta.papel === PAPEL.juridico;
  try {
    return await withTenant(deps.db.app, ctx, async (tx) => {
      const { rows } = await tx.query(
        `INSERT INTO profissionais_juridicos (id_empresa_fk, id_usuario_fk, nome, email, telefone, especialidade, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [
          ctx.empresaId,
          jaJuridico ? conta.id : null,
          dados.nome,
          dados.email,
          telefoneParaGravar(dados.telefone),
          dados.especialidade,
          dados.status,
        ],
      );
      const id: string = rows[0].id;
      if (!jaJuridico && dados.enviarConvite) {
        await criarConviteNaTransacao(
          deps,
          tx,
          ctx,
          { nome: dados.nome, email: dados.email, papel: PAPEL.juridico },
          conta,
          meta,
        );
      }
      await registrarAuditoria(tx, {
        empresaId: ctx.empresaId,
        usuarioId: ctx.usuarioId,
        acao: "juridico.membro_criado",
        entidade: "profissional_juridico",
        entidadeId: id,
        dados: { email: dados.email, convite: !jaJuridico && dados.enviarConvite },
        ip: meta.ip,
      });
      await avisarEquipeAtualizada(deps, tx, ctx.empresaId);
      const membro = await tx.query(`${SELECT_MEMBROS} AND m.id = $2`, [ctx.empresaId, id]);
      return paraMembro(deps, membro.rows[0]);
    });
  } catch (err) {
    if (ehEmailDuplicado(err)) throw conflict(MSG.membroEmailDuplicado);
    throw err;
  }
}
