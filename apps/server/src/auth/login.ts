import { MSG } from "@crm/domain/messages";
import type { TLogin } from "@crm/domain/schemas/auth";
import type { TSessao } from "@crm/domain/schemas/session";
import { unsafeWithSystem } from "../db/tenant.js";
import type { TDeps } from "../deps.js";
import { tooMany, unauthorized } from "../http/errors.js";
import { excedeuLimite, registrarTentativa } from "./attempts.js";
import { registrarAuditoria } from "./audit.js";
import { COLUNAS_SESSAO, montarSessao } from "./load-session.js";
import { hashParaComparacaoFalsa, verificarSenha } from "./password.js";
import type { TMetaRequisicao } from "./request-meta.js";
import { criarSessao } from "./sessions.js";

export type TResultadoLogin = { ok: true; token: string; sessao: TSessao } | { ok: false; codigo: "email_nao_confirmado" };

/**
 * Email + password sign-in. Throws 429 when the account or the IP is over its failure limit (checked
 * before the password, so guessing stops even for the right one), 401 for any bad credential.
 * "Email not confirmed" is only told after the password is verified, so it reveals nothing to a guesser.
 */
export async function login(deps: TDeps, input: TLogin, meta: TMetaRequisicao): Promise<TResultadoLogin> {
  // crossing tenants is inherent: the email is all we know about who is signing in
  const usuario = await unsafeWithSystem(deps.db.app, "login", async (tx) => {
    if (await excedeuLimite(tx, "login", input.email, meta.ip)) throw tooMany(MSG.muitasTentativas);
    const { rows } = await tx.query(
      `SELECT ${COLUNAS_SESSAO}, u.senha_hash, u.ativo, u.email_confirmado_em
         FROM usuarios_plataforma u LEFT JOIN empresas e ON e.id = u.id_empresa_fk
        WHERE u.email = $1`,
      [input.email],
    );
    return rows[0] ?? null;
  });

  // always verify one hash (argon2 outside any transaction): an unknown email costs as long as a wrong password
  const hash = usuario?.senha_hash ?? (await hashParaComparacaoFalsa());
  const senhaOk = await verificarSenha(hash, input.password);
  if (!usuario || !senhaOk || !usuario.ativo) {
    await unsafeWithSystem(deps.db.app, "login-falhou", (tx) => registrarTentativa(tx, "login", input.email, meta.ip));
    throw unauthorized(MSG.credenciaisInvalidas);
  }
  if (!usuario.email_confirmado_em) return { ok: false, codigo: "email_nao_confirmado" };

  const token = await unsafeWithSystem(deps.db.app, "login", async (tx) => {
    const sessao = await criarSessao(tx, usuario.id, meta);
    await registrarAuditoria(tx, {
      empresaId: usuario.empresa_id,
      usuarioId: usuario.id,
      acao: "login",
      entidade: "usuario",
      entidadeId: usuario.id,
      dados: { userAgent: meta.userAgent?.slice(0, 200) ?? null },
      ip: meta.ip,
    });
    return sessao.token;
  });
  return { ok: true, token, sessao: montarSessao(usuario) };
}
