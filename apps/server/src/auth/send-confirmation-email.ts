import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { emailConfirmacao } from "../mail/templates.js";
import { emitirTokenUnico } from "./one-time-tokens.js";

export type TDestinatario = { id: string; nome: string; email: string; empresaId: string | null };

/** The token travels in the URL fragment (#...), which browsers never send to servers or in Referer headers. */
function linkConfirmacao(appUrl: string, token: string): string {
  return `${appUrl}/email-confirmation#type=email_confirmation&token=${token}`;
}

/** Issues a 24 h confirmation token and queues its email in the same transaction (both or neither). */
export async function enviarEmailConfirmacao(deps: Pick<TDeps, "config" | "mailer">, tx: TTx, u: TDestinatario): Promise<void> {
  const token = await emitirTokenUnico(tx, u.id, "confirmacao_email");
  const conteudo = emailConfirmacao(u.nome, linkConfirmacao(deps.config.appUrl, token));
  await deps.mailer.enfileirar(tx, { para: u.email, ...conteudo, empresaId: u.empresaId });
}
