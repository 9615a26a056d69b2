import { MSG } from "@crm/domain/messages";
import type { TDeps } from "../core/deps.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { tooMany } from "../http/errors.js";
import { emailRedefinicaoSenha } from "../mail/templates.js";
import { excedeuLimite, registrarTentativa } from "./attempts.js";
import { emitirTokenUnico } from "./one-time-tokens.js";
import type { TMetaRequisicao } from "./request-meta.js";

export function linkRedefinicao(appUrl: string, token: string): string {
  return `${appUrl}/reset-password#type=recovery&token=${token}`;
}

/**
 * "Esqueci minha senha": a 1 h single-use link by email when the account exists. Every request counts
 * against its source's hourly limits (on this email, and across emails), known account or not, so answers
 * reveal nothing. There is no limit on the email alone: nobody elsewhere can stop the owner from resetting.
 */
export async function requestPasswordReset(deps: TDeps, email: string, meta: TMetaRequisicao): Promise<void> {
  // crossing tenants is inherent: the visitor is not signed in
  await unsafeWithSystem(deps.db.app, "esqueci-senha", async (tx) => {
    if (await excedeuLimite(tx, "redefinicao", email, meta.ip)) throw tooMany(MSG.muitasTentativas);
    await registrarTentativa(tx, "redefinicao", email, meta.ip);
    const { rows } = await tx.query("SELECT id, nome, email, id_empresa_fk FROM usuarios_plataforma WHERE email = $1 AND ativo", [
      email,
    ]);
    const u = rows[0];
    if (!u) return;
    const token = await emitirTokenUnico(tx, u.id, "redefinicao_senha");
    const conteudo = emailRedefinicaoSenha(u.nome, linkRedefinicao(deps.config.appUrl, token));
    await deps.mailer.enfileirar(tx, { para: u.email, ...conteudo, empresaId: u.id_empresa_fk });
  });
}
