import type { TDeps } from "../core/deps.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { enviarEmailConfirmacao } from "./send-confirmation-email.js";

/** At most this many confirmation emails per account per hour, so the form cannot flood someone's inbox. */
const MAX_CONFIRMACOES_POR_HORA = 5;

/**
 * Sends a new confirmation link when the account exists and is unconfirmed. The caller answers 200
 * whatever happens here, so the form does not reveal which emails have accounts.
 */
export async function resendConfirmation(deps: TDeps, email: string): Promise<void> {
  // crossing tenants is inherent: the visitor is not signed in
  await unsafeWithSystem(deps.db.app, "reenviar-confirmacao", async (tx) => {
    const { rows } = await tx.query(
      `SELECT u.id, u.nome, u.email, u.id_empresa_fk,
              (SELECT count(*) FROM auth_tokens t WHERE t.id_usuario_fk = u.id AND t.tipo = 'confirmacao_email'
                  AND t.created_at > now() - interval '1 hour') AS recentes
         FROM usuarios_plataforma u
        WHERE u.email = $1 AND u.email_confirmado_em IS NULL AND u.ativo`,
      [email],
    );
    const u = rows[0];
    if (!u || u.recentes >= MAX_CONFIRMACOES_POR_HORA) return;
    await enviarEmailConfirmacao(deps, tx, { id: u.id, nome: u.nome, email: u.email, empresaId: u.id_empresa_fk });
  });
}
