import { MSG } from "@crm/domain/messages";
import type { TTrocaEmail } from "@crm/domain/schemas/profile";
import { registrarAuditoria } from "../auth/audit.js";
import { emitirTokenUnico, invalidarTokens } from "../auth/one-time-tokens.js";
import type { TMetaRequisicao } from "../auth/request-meta.js";
import type { TDeps } from "../core/deps.js";
import { withTenant } from "../db/tenant.js";
import type { TAuth } from "../http/auth-context.js";
import { contextoDe } from "../http/auth-context.js";
import { badRequest, HttpError } from "../http/errors.js";
import { unsafeContaDoEmail } from "../invitations/existing-account.js";
import { emailConfirmarTrocaEmail } from "../mail/templates.js";
import { exigirSenhaAtual } from "./current-password.js";

/** The link in the confirmation email; the token travels in the fragment (never sent to servers or in Referer). */
const linkTrocaEmail = (appUrl: string, token: string) => `${appUrl}/confirmar-novo-email#token=${token}`;

/**
 * Email change (001 §5, §7 'update user email'): nothing changes now. A 24 h single-use link goes to the NEW
 * address, and the change happens only when it is opened, so nobody can move an account to an address they do not
 * read. Asking again replaces the previous link.
 */
export async function solicitarTrocaEmail(
  deps: Pick<TDeps, "db" | "config" | "mailer">,
  auth: TAuth,
  dados: TTrocaEmail,
  meta: TMetaRequisicao,
): Promise<void> {
  if (dados.novoEmail === auth.email) throw badRequest(MSG.novoEmailDiferente, { novoEmail: MSG.novoEmailDiferente });
  await exigirSenhaAtual(deps, auth, dados.senhaAtual, meta);
  // emails are unique across the platform; telling a signed-in user is no more than the sign-up form tells
  if (await unsafeContaDoEmail(deps.db.app, dados.novoEmail)) {
    throw new HttpError(409, MSG.emailJaCadastrado, { novoEmail: MSG.emailJaCadastrado });
  }
  await withTenant(deps.db.app, contextoDe(auth), async (tx) => {
    await invalidarTokens(tx, auth.usuarioId, "troca_email");
    const token = await emitirTokenUnico(tx, auth.usuarioId, "troca_email", { novoEmail: dados.novoEmail });
    const conteudo = emailConfirmarTrocaEmail(
      auth.nome || auth.email,
      dados.novoEmail,
      linkTrocaEmail(deps.config.appUrl, token),
    );
    await deps.mailer.enfileirar(tx, { para: dados.novoEmail, ...conteudo, empresaId: auth.empresaId });
    await registrarAuditoria(tx, {
      empresaId: auth.empresaId,
      usuarioId: auth.usuarioId,
      acao: "email.troca_solicitada",
      entidade: "usuario",
      entidadeId: auth.usuarioId,
      dados: { novoEmail: dados.novoEmail },
      ip: meta.ip,
    });
  });
}
