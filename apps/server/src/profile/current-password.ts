import { MSG } from "@crm/domain/messages";
import { excedeuLimite, registrarTentativa } from "../auth/attempts.js";
import { verificarSenha } from "../auth/password.js";
import type { TMetaRequisicao } from "../auth/request-meta.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, unsafeWithSystem, withTenant } from "../db/tenant.js";
import { badRequest, tooMany } from "../http/errors.js";

/** The signed-in person's account as stored now (not as the session remembered it): who the emails go to. */
export type TConta = { nome: string; email: string; senhaHash: string | null };

/** Reads the caller's own account in their tenant context. */
export async function lerConta(deps: Pick<TDeps, "db">, ctx: TTenantCtx): Promise<TConta> {
  const conta = await withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query("SELECT nome, email, senha_hash FROM usuarios_plataforma WHERE id = $1", [ctx.usuarioId]);
    return rows[0] as { nome: string | null; email: string; senha_hash: string | null } | undefined;
  });
  if (!conta) throw badRequest(MSG.sessaoInvalida);
  return { nome: conta.nome || conta.email, email: conta.email, senhaHash: conta.senha_hash };
}

/**
 * Checks the current password before a password or email change (the original never did). A wrong one counts as
 * a failed sign-in of the account, so an open session cannot be used to guess it past the sign-in limits.
 * The attempts table belongs to no tenant: crossing is inherent there.
 */
export async function exigirSenhaAtual(deps: Pick<TDeps, "db">, conta: TConta, senha: string, meta: TMetaRequisicao) {
  const bloqueado = await unsafeWithSystem(deps.db.app, "senha-atual", (tx) => excedeuLimite(tx, "login", conta.email, meta.ip));
  if (bloqueado) throw tooMany(MSG.muitasTentativas);
  if (!conta.senhaHash || !(await verificarSenha(conta.senhaHash, senha))) {
    await unsafeWithSystem(deps.db.app, "senha-atual-incorreta", (tx) => registrarTentativa(tx, "login", conta.email, meta.ip));
    throw badRequest(MSG.senhaAtualIncorreta, { senhaAtual: MSG.senhaAtualIncorreta });
  }
}
