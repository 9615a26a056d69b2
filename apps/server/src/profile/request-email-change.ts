import { MSG } from "@crm/domain/messages";
import type { TTrocaEmail } from "@crm/domain/schemas/profile";
import { registrarAuditoria } from "../auth/audit.js";
import { emitirTokenUnico, invalidarTokens } from "../auth/one-time-tokens.js";
import type { TMetaRequisicao } from "../auth/request-meta.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { badRequest, HttpError } from "../http/errors.js";
import { unsafeContaDoEmail } from "../invitations/existing-account.js";
import { emailConfirmarTrocaEmail } from "../mail/templates.js";
import { exigirSenhaAtual, lerConta } from "./current-password.js";

/** The link in the confirmation email; the token travels in the fragment (never sent to servers or in Referer). */
const linkTrocaEmail = (appUrl: string, token: string) => `${appUrl}/confirmar-novo-email#token=${token}`;

/**
 * Email change (001 §5, §7 'update user email'): nothing changes now. A 24 h single-use link goes to the NEW
 * address, and the change happens only when it is opened, so nobody can move an account to an address they do not
 * read. Asking again replaces the previous link.
 */
export async function solicitarTrocaEmail(
  deps: Pick<TDeps, "db" | "config" | "mailer">,
  ctx: TTenantCtx,
  dados: TTrocaEmail,
  meta: TMetaRequisicao,
): Promise<void> {
  const conta = await lerConta(deps, ctx);
  if (dados.novoEmail === conta.email) throw badRequest(MSG.novoEmailDiferente, { novoEmail: MSG.novoEmailDiferente });
  await exigirSenhaAtual(deps, conta, dados.senhaAtual, meta);
  // emails are unique across the platform; telling a signed-in user is no more than the sign-up form tells
  if (await unsafeContaDoEmail(deps.db.app, dados.novoEmail)) {
    throw new HttpError(409, MSG.emailJaCadastrado, { novoEmail: MSG.emailJaCadastrado });
  }
  await withTenant(deps.db.app, ctx, async (tx) => {
    await invalidarTokens(tx, ctx.usuarioId, "troca_email");
    const token = await emitirTokenUnico(tx, ctx.usuarioId, "troca_email", { novoEmail: dados.novoEmail });
    const conteudo = emailConfirmarTrocaEmail(conta.nome, dados.novoEmail, linkTrocaEmail(deps.config.appUrl, token));
    await deps.mailer.enfileirar(tx, { para: dados.novoEmail, ...conteudo, empresaId: ctx.empresaId });
    await registrarAuditoria(tx, {
      empresaId: ctx.empresaId,
      usuarioId: ctx.usuarioId,
      acao: "email.troca_solicitada",
      entidade: "usuario",
      entidadeId: ctx.usuarioId,
      dados: { novoEmail: dados.novoEmail },
      ip: meta.ip,
    });
  });
}
