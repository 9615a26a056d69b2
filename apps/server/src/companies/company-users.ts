import { MSG } from "@crm/domain/messages";
import type { TPlano } from "@crm/domain/plans";
import { PAPEL, type TPapel } from "@crm/domain/roles";
import type { TPapelGerenciavel } from "@crm/domain/schemas/companies";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { conflict, notFound } from "../http/errors.js";
import { vincularPapel } from "../invitations/attach-role.js";
import { ehUltimoAdmin } from "../invitations/existing-account.js";
import { reenviarConvite } from "../invitations/resend-invite.js";
import { desativarUsuario } from "../membership/deactivate-user.js";
import { exigirVagaNoPlano } from "../membership/plan-limits.js";
import { crossTenantEmpresaParaAlterar, registrarAcaoPlataforma } from "./context.js";
import { unsafeEnviarRedefinicaoDeSenha } from "./sessions.js";

type TMeta = { ip: string };
type TUsuarioAlvo = { id: string; nome: string; email: string; papel: TPapel; ativo: boolean; plano: TPlano };
type TDepsUsuarios = Pick<TDeps, "db" | "config" | "mailer" | "realtime">;

/** The company's user, locked; 404 when the company or the user (in that company) is not there. */
async function usuarioDaEmpresa(tx: TTx, empresaId: string, usuarioId: string): Promise<TUsuarioAlvo> {
  const empresa = await crossTenantEmpresaParaAlterar(tx, empresaId);
  const { rows } = await tx.query(
    "SELECT id, nome, email, papel, ativo FROM usuarios_plataforma WHERE id_empresa_fk = $1 AND id = $2 FOR UPDATE",
    [empresaId, usuarioId],
  );
  if (!rows[0]) throw notFound(MSG.usuarioNaoEncontradoNaEmpresa);
  return { ...rows[0], plano: empresa.plano_assinatura };
}

const acao = (ctx: TTenantCtx, empresaId: string, u: { id: string }, meta: TMeta) => ({
  empresaId,
  usuarioId: ctx.usuarioId,
  entidade: "usuario",
  entidadeId: u.id,
  ip: meta.ip,
});

/**
 * 'Alterar papel' (Admin Empresa, Consultor, Jurídico): within the plan's seats, never taking the company's last admin
 * away; what the old role had is undone and the new one set up as an invitation would (invitations/attach-role.ts).
 * The user's sessions carry the new role on their next request (sessions are re-read when a user changes, 0009).
 */
export function crossTenantMudarPapel(
  deps: TDepsUsuarios,
  ctx: TTenantCtx,
  empresaId: string,
  usuarioId: string,
  papel: TPapelGerenciavel,
  meta: TMeta,
): Promise<void> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const u = await usuarioDaEmpresa(tx, empresaId, usuarioId);
    if (u.papel === papel) return;
    if (u.papel === PAPEL.admin && u.ativo && (await ehUltimoAdmin(tx, empresaId, u.id))) throw conflict(MSG.ultimoAdministrador);
    if (u.ativo) await exigirVagaNoPlano(tx, { id: empresaId, plano: u.plano }, papel, null);
    await tx.query("UPDATE usuarios_plataforma SET papel = $3, updated_at = now() WHERE id_empresa_fk = $1 AND id = $2", [
      empresaId,
      u.id,
      papel,
    ]);
    await vincularPapel(tx, {
      empresaId,
      usuarioId: u.id,
      papel,
      papelAnterior: u.papel,
      nome: u.nome,
      email: u.email,
      whatsapp: null,
    });
    await registrarAcaoPlataforma(tx, {
      ...acao(ctx, empresaId, u, meta),
      acao: "usuario.papel",
      dados: { email: u.email, de: u.papel, para: papel },
    });
  });
}

/** 'Desativar': the account is switched off (membership/), its sessions stop at once; never the last active admin. */
export function crossTenantDesativarUsuario(
  deps: TDepsUsuarios,
  ctx: TTenantCtx,
  empresaId: string,
  usuarioId: string,
  meta: TMeta,
): Promise<void> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const u = await usuarioDaEmpresa(tx, empresaId, usuarioId);
    if (!u.ativo) throw conflict(MSG.usuarioJaInativo);
    if (u.papel === PAPEL.admin && (await ehUltimoAdmin(tx, empresaId, u.id))) throw conflict(MSG.ultimoAdministrador);
    await desativarUsuario(deps, tx, { empresaId, usuarioId: u.id });
    await registrarAcaoPlataforma(tx, {
      ...acao(ctx, empresaId, u, meta),
      acao: "usuario.desativado",
      dados: { email: u.email, papel: u.papel },
    });
  });
}

/** 'Reativar': the account signs in again, if the plan has a seat for its role. */
export function crossTenantReativarUsuario(
  deps: TDepsUsuarios,
  ctx: TTenantCtx,
  empresaId: string,
  usuarioId: string,
  meta: TMeta,
): Promise<void> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const u = await usuarioDaEmpresa(tx, empresaId, usuarioId);
    if (u.ativo) throw conflict(MSG.usuarioJaAtivo);
    if (u.papel === PAPEL.admin) await exigirVagaNoPlano(tx, { id: empresaId, plano: u.plano }, u.papel, null);
    await tx.query("UPDATE usuarios_plataforma SET ativo = true, updated_at = now() WHERE id_empresa_fk = $1 AND id = $2", [
      empresaId,
      u.id,
    ]);
    await registrarAcaoPlataforma(tx, {
      ...acao(ctx, empresaId, u, meta),
      acao: "usuario.reativado",
      dados: { email: u.email, papel: u.papel },
    });
  });
}

/** 'Reenviar convite': the invitation's link again for 7 more days (invitations/resend-invite.ts), and the audit row. */
export async function crossTenantReenviarConvite(
  deps: TDepsUsuarios,
  ctx: TTenantCtx,
  empresaId: string,
  conviteId: string,
  meta: TMeta,
): Promise<{ email: string }> {
  const empresa = await withTenant(deps.db.app, ctx, (tx) => crossTenantEmpresaParaAlterar(tx, empresaId));
  const ctxEmpresa = { ...ctx, empresaId, empresaNome: empresa.nome_empresa, plano: empresa.plano_assinatura };
  const convite = await reenviarConvite(deps, ctxEmpresa, conviteId, meta);
  await withTenant(deps.db.app, ctx, (tx) =>
    registrarAcaoPlataforma(tx, {
      empresaId,
      usuarioId: ctx.usuarioId,
      entidade: "convite",
      entidadeId: conviteId,
      ip: meta.ip,
      acao: "convite.reenviado",
      dados: { email: convite.email, papel: convite.papel },
    }),
  );
  return { email: convite.email };
}

/** 'Enviar redefinição de senha': the reset email of an active user of the company, and the audit row. */
export async function crossTenantEnviarRedefinicao(
  deps: TDepsUsuarios,
  ctx: TTenantCtx,
  empresaId: string,
  usuarioId: string,
  meta: TMeta,
): Promise<{ email: string }> {
  const u = await withTenant(deps.db.app, ctx, async (tx) => {
    const alvo = await usuarioDaEmpresa(tx, empresaId, usuarioId);
    if (!alvo.ativo) throw conflict(MSG.usuarioInativoSemRedefinicao);
    await registrarAcaoPlataforma(tx, {
      ...acao(ctx, empresaId, alvo, meta),
      acao: "usuario.redefinicao",
      dados: { email: alvo.email },
    });
    return alvo;
  });
  await unsafeEnviarRedefinicaoDeSenha(deps, { id: u.id, nome: u.nome, email: u.email, empresaId });
  return { email: u.email };
}
