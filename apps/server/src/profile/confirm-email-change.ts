import { MSG } from "@crm/domain/messages";
import { registrarAuditoria } from "../auth/audit.js";
import { invalidarTokens, resgatarTokenComDados } from "../auth/one-time-tokens.js";
import type { TMetaRequisicao } from "../auth/request-meta.js";
import type { TDeps } from "../core/deps.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { badRequest, conflict } from "../http/errors.js";
import { emailAvisoEmailAlterado } from "../mail/templates.js";

/**
 * Opens the link sent to the new address: the email changes now, in the account and in the person's consultant
 * and legal team records, and the old address is told (a change nobody asked for does not go unseen).
 * Crossing tenants is inherent: the token is all that identifies the user, who may be signed out.
 */
export async function confirmarTrocaEmail(
  deps: Pick<TDeps, "db" | "config" | "mailer">,
  token: string,
  meta: TMetaRequisicao,
): Promise<void> {
  try {
    const ok = await unsafeWithSystem(deps.db.app, "confirmar-troca-email", async (tx) => {
      const r = await resgatarTokenComDados(tx, "troca_email", token);
      const novoEmail = typeof r?.dados.novoEmail === "string" ? r.dados.novoEmail : null;
      if (!r || !novoEmail) return false;
      const { rows } = await tx.query(
        "SELECT email, nome, id_empresa_fk FROM usuarios_plataforma WHERE id = $1 AND ativo FOR UPDATE",
        [r.usuarioId],
      );
      const u = rows[0];
      if (!u) return false;
      const ocupado = await tx.query("SELECT 1 FROM usuarios_plataforma WHERE email = $1 AND id <> $2", [novoEmail, r.usuarioId]);
      if (ocupado.rowCount) throw conflict(MSG.emailJaCadastrado);
      await tx.query("UPDATE usuarios_plataforma SET email = $2, email_confirmado_em = now(), updated_at = now() WHERE id = $1", [
        r.usuarioId,
        novoEmail,
      ]);
      for (const tabela of ["consultores", "profissionais_juridicos"] as const) {
        await tx.query(`UPDATE ${tabela} SET email = $2, updated_at = now() WHERE id_usuario_fk = $1`, [r.usuarioId, novoEmail]);
      }
      await invalidarTokens(tx, r.usuarioId, "troca_email");
      const aviso = emailAvisoEmailAlterado(u.nome || u.email, novoEmail, `${deps.config.appUrl}/login`);
      await deps.mailer.enfileirar(tx, { para: u.email, ...aviso, empresaId: u.id_empresa_fk });
      await registrarAuditoria(tx, {
        empresaId: u.id_empresa_fk,
        usuarioId: r.usuarioId,
        acao: "email.alterado",
        entidade: "usuario",
        entidadeId: r.usuarioId,
        dados: { anterior: u.email, novo: novoEmail },
        ip: meta.ip,
      });
      return true;
    });
    if (!ok) throw badRequest(MSG.linkTrocaEmailInvalido);
  } catch (err) {
    // a consultant or legal record of the company already uses the new address
    if ((err as { code?: string }).code === "23505") throw conflict(MSG.emailJaCadastrado);
    throw err;
  }
}
