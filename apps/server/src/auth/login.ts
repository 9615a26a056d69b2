import { MSG } from "@crm/domain/messages";
import { PAPEL } from "@crm/domain/roles";
import type { TLogin } from "@crm/domain/schemas/auth";
import type { TSessao } from "@crm/domain/schemas/session";
import type { TDeps } from "../core/deps.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { forbidden, tooMany, unauthorized } from "../http/errors.js";
import { espera, registrarTentativa, situacaoLogin } from "./attempts.js";
import { registrarAuditoria } from "./audit.js";
import { COLUNAS_SESSAO, montarSessao } from "./load-session.js";
import { hashParaComparacaoFalsa, verificarSenha } from "./password.js";
import type { TMetaRequisicao } from "./request-meta.js";
import { criarSessao } from "./sessions.js";

/** The company status that closes sign-in and every session of its people (decision 1305). */
export const STATUS_ASSINATURA_SUSPENSO = "Suspenso";

export type TResultadoLogin = { ok: true; token: string; sessao: TSessao } | { ok: false; codigo: "email_nao_confirmado" };

/**
 * Email + password sign-in (throttling: attempts.ts, decision 0015). Throws 429 when this source is over its
 * failure limit on the account or across accounts (checked before the password, so a guesser stops even on the
 * right one), while any other source still signs in; waits the account's progressive delay before checking the
 * password; 401 for any bad credential. "Email not confirmed" is only told after the password is verified,
 * so it reveals nothing to a guesser.
 */
export async function login(deps: TDeps, input: TLogin, meta: TMetaRequisicao): Promise<TResultadoLogin> {
  // crossing tenants is inherent: the email is all we know about who is signing in
  const { usuario, atrasoMs } = await unsafeWithSystem(deps.db.app, "login", async (tx) => {
    const situacao = await situacaoLogin(tx, input.email, meta.ip);
    if (situacao.recusado) throw tooMany(MSG.muitasTentativas);
    const { rows } = await tx.query(
      `SELECT ${COLUNAS_SESSAO}, u.senha_hash, u.ativo, u.email_confirmado_em, e.status_assinatura
         FROM usuarios_plataforma u LEFT JOIN empresas e ON e.id = u.id_empresa_fk
        WHERE u.email = $1`,
      [input.email],
    );
    return { usuario: rows[0] ?? null, atrasoMs: situacao.atrasoMs };
  });
  // outside any transaction: a delayed attempt holds no database connection
  if (atrasoMs > 0) await espera.dormir(atrasoMs);

  // always verify one hash (argon2 outside any transaction): an unknown email costs as long as a wrong password
  const hash = usuario?.senha_hash ?? (await hashParaComparacaoFalsa());
  const senhaOk = await verificarSenha(hash, input.password);
  if (!usuario || !senhaOk || !usuario.ativo) {
    await unsafeWithSystem(deps.db.app, "login-falhou", async (tx) => {
      await registrarTentativa(tx, "login", input.email, meta.ip);
      // a refused sign-in is an audit event (decision 1821): of the account's company when the e-mail is one
      await registrarAuditoria(tx, {
        empresaId: usuario?.empresa_id ?? null,
        usuarioId: usuario?.id ?? null,
        acao: "login.falhou",
        entidade: "usuario",
        entidadeId: usuario?.id ?? null,
        dados: { email: input.email.slice(0, 200), userAgent: meta.userAgent?.slice(0, 200) ?? null },
        ip: meta.ip,
      });
    });
    throw unauthorized(MSG.credenciaisInvalidas);
  }
  // a suspended company's people are told why (after the password: it tells a guesser nothing); their sessions
  // stop resolving too (crm_ler_sessao, migration 0022). Its Admin Empresa still signs in, to reach /assinatura and
  // pay: the access guard opens nothing else to them (decision 1621, migration 0046)
  if (usuario.status_assinatura === STATUS_ASSINATURA_SUSPENSO && usuario.papel !== PAPEL.admin)
    throw forbidden(MSG.empresaSuspensa);
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
