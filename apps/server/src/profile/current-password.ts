import { MSG } from "@crm/domain/messages";
import { excedeuLimite, registrarTentativa } from "../auth/attempts.js";
import { verificarSenha } from "../auth/password.js";
import type { TMetaRequisicao } from "../auth/request-meta.js";
import type { TDeps } from "../core/deps.js";
import { unsafeWithSystem, withTenant } from "../db/tenant.js";
import type { TAuth } from "../http/auth-context.js";
import { contextoDe } from "../http/auth-context.js";
import { badRequest, tooMany } from "../http/errors.js";

/**
 * Checks the current password before a password or email change (the original never did). A wrong one counts as
 * a failed sign-in of the account, so an open session cannot be used to guess it past the sign-in limits.
 * The attempts table belongs to no tenant: crossing is inherent there.
 */
export async function exigirSenhaAtual(deps: Pick<TDeps, "db">, auth: TAuth, senha: string, meta: TMetaRequisicao) {
  const bloqueado = await unsafeWithSystem(deps.db.app, "senha-atual", (tx) => excedeuLimite(tx, "login", auth.email, meta.ip));
  if (bloqueado) throw tooMany(MSG.muitasTentativas);
  const hash = await withTenant(deps.db.app, contextoDe(auth), async (tx) => {
    const { rows } = await tx.query("SELECT senha_hash FROM usuarios_plataforma WHERE id = $1", [auth.usuarioId]);
    return rows[0]?.senha_hash as string | undefined;
  });
  if (!hash || !(await verificarSenha(hash, senha))) {
    await unsafeWithSystem(deps.db.app, "senha-atual-incorreta", (tx) => registrarTentativa(tx, "login", auth.email, meta.ip));
    throw badRequest(MSG.senhaAtualIncorreta, { senhaAtual: MSG.senhaAtualIncorreta });
  }
}
