import { MSG } from "@crm/domain/messages";
import { telefoneParaGravar } from "@crm/domain/phone";
import { PAPEL } from "@crm/domain/roles";
import type { TAceitarConvite } from "@crm/domain/schemas/invitations";
import { hashSenha } from "../auth/password.js";
import type { TMetaRequisicao } from "../auth/request-meta.js";
import type { TDeps } from "../core/deps.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { badRequest, conflict } from "../http/errors.js";
import { exigirVagaNoPlano } from "../membership/plan-limits.js";
import { vincularPapel } from "./attach-role.js";
import { contaDoEmailParaAtualizar } from "./existing-account.js";
import { concluirConvite } from "./finish-invite.js";
import { carregarConviteValido } from "./load-valid-invite.js";
import { linkInvalido } from "./verify-invite.js";

/**
 * 'Completar Cadastro' for someone without an account (001 §2, §7): in ONE transaction the link is spent, the
 * account is created (email confirmed: the link reached that mailbox) with the invited role and company, and a
 * consultant gets their consultores row (Desconectado). A deactivated account of the same company (someone who
 * left and is invited back) is reactivated instead, and its old sessions are revoked for good.
 * Any bad link changes nothing and answers 410.
 */
export async function aceitarConvite(
  deps: Pick<TDeps, "db" | "realtime">,
  { link, cadastro }: TAceitarConvite,
  meta: TMetaRequisicao,
): Promise<void> {
  if (link.papel === PAPEL.consultor && !cadastro.whatsapp) {
    throw badRequest(MSG.whatsappObrigatorio, { whatsapp: MSG.whatsappObrigatorio });
  }
  // crossing tenants is inherent: the visitor has no session in the company yet; the link names it
  const valido = await unsafeWithSystem(deps.db.app, "aceitar-convite", (tx) => carregarConviteValido(tx, link));
  if (!valido) throw linkInvalido(link.pagina); // checked before argon2: a bogus link costs nothing
  const senhaHash = await hashSenha(cadastro.senha);

  await unsafeWithSystem(deps.db.app, "aceitar-convite", async (tx) => {
    const c = await carregarConviteValido(tx, link, true);
    if (!c) throw linkInvalido(link.pagina); // spent by a concurrent request since the look above
    const conta = await contaDoEmailParaAtualizar(tx, c.email);
    if (conta?.ativo) throw conflict(MSG.emailJaCadastrado); // an active account accepts with its password instead
    if (conta && conta.id_empresa_fk !== c.id_empresa_fk) throw conflict(MSG.emailEmOutraEmpresa);
    // a consultant whose consultores row already exists (imported, or kept from before) takes no new place
    const registroExiste =
      c.papel === PAPEL.consultor &&
      !!(await tx.query("SELECT 1 FROM consultores WHERE id_empresa_fk = $1 AND email = $2", [c.id_empresa_fk, c.email]))
        .rowCount;
    if (!registroExiste) await exigirVagaNoPlano(tx, { id: c.id_empresa_fk, plano: c.plano_assinatura }, c.papel, c.email);

    const telefone = telefoneParaGravar(cadastro.whatsapp);
    let usuarioId: string;
    if (conta) {
      usuarioId = conta.id;
      await tx.query(
        `UPDATE usuarios_plataforma SET nome = $2, telefone = coalesce($3, telefone), papel = $4, senha_hash = $5, ativo = true,
                email_confirmado_em = coalesce(email_confirmado_em, now()), updated_at = now()
          WHERE id = $1`,
        [usuarioId, cadastro.nome, telefone, c.papel, senhaHash],
      );
      await tx.query("UPDATE auth_sessoes SET revoked_at = now() WHERE id_usuario_fk = $1 AND revoked_at IS NULL", [usuarioId]);
    } else {
      const { rows } = await tx.query(
        `INSERT INTO usuarios_plataforma (id_empresa_fk, email, nome, telefone, papel, senha_hash, email_confirmado_em)
         VALUES ($1, $2, $3, $4, $5, $6, now()) RETURNING id`,
        [c.id_empresa_fk, c.email, cadastro.nome, telefone, c.papel, senhaHash],
      );
      usuarioId = rows[0].id;
    }
    await vincularPapel(tx, {
      empresaId: c.id_empresa_fk,
      usuarioId,
      papel: c.papel,
      papelAnterior: conta?.papel ?? null,
      nome: cadastro.nome,
      email: c.email,
      whatsapp: telefone,
    });
    await concluirConvite(deps, tx, c, { usuarioId, nome: cadastro.nome, ip: meta.ip, contaExistente: false });
  });
}
