import { MSG } from "@crm/domain/messages";
import type { TPlano } from "@crm/domain/plans";
import { PAPEL } from "@crm/domain/roles";
import type { TResultadoAcaoUsuario } from "@crm/domain/schemas/platform";
import { registrarAuditoria } from "../auth/audit.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { conflict, notFound } from "../http/errors.js";
import { desativarUsuario } from "../membership/deactivate-user.js";
import { exigirVagaNoPlano } from "../membership/plan-limits.js";
import { removerRegistroConsultor } from "../membership/remove-consultant-record.js";
import { desvincularUsuarioJuridico } from "../membership/unlink-legal-user.js";
import { lerUsuario } from "./list-users.js";

type TAlvo = {
  id: string;
  nome: string;
  email: string;
  papel: string;
  ativo: boolean;
  empresaId: string;
  plano: TPlano;
};
type TDepsAcao = Pick<TDeps, "db" | "realtime">;
type TMeta = { ip: string };

/** The user an action is about, locked; the platform admins' own accounts are not changed from /usuarios. */
async function carregarAlvo(tx: TTx, id: string): Promise<TAlvo> {
  const { rows } = await tx.query(
    `SELECT u.id, u.nome, u.email, u.papel, u.ativo, u.id_empresa_fk, e.plano_assinatura
       FROM usuarios_plataforma u LEFT JOIN empresas e ON e.id = u.id_empresa_fk
      WHERE u.id = $1 FOR UPDATE OF u`,
    [id],
  );
  const r = rows[0];
  if (!r) throw notFound(MSG.usuarioNaoEncontrado);
  if (r.papel === PAPEL.plataforma || !r.id_empresa_fk) throw conflict(MSG.naoPodeAlterarAdminPlataforma);
  return {
    id: r.id,
    nome: r.nome || r.email,
    email: r.email,
    papel: r.papel,
    ativo: r.ativo,
    empresaId: r.id_empresa_fk,
    plano: r.plano_assinatura,
  };
}

/**
 * Revokes every live session of the user and closes their sockets (each session's `sessao.revogada` reaches the
 * realtime layer, which closes that session's WebSockets and sends its tabs to /login). Returns how many ended.
 */
async function encerrarSessoesDoUsuario(deps: TDepsAcao, tx: TTx, alvo: TAlvo): Promise<number> {
  const { rows } = await tx.query(
    `UPDATE auth_sessoes SET revoked_at = now()
      WHERE id_usuario_fk = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
    [alvo.id],
  );
  for (const s of rows)
    await deps.realtime.publicar(tx, { empresaId: alvo.empresaId, sessaoId: s.id }, { tipo: "sessao.revogada" });
  return rows.length;
}

/** A Consultor account needs its consultores row (assignment, My Leads): links the one of its email or creates it. */
async function garantirRegistroConsultor(tx: TTx, alvo: TAlvo): Promise<void> {
  await tx.query(
    `INSERT INTO consultores (id_empresa_fk, id_usuario_fk, nome, email) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id_empresa_fk, email) DO UPDATE SET id_usuario_fk = EXCLUDED.id_usuario_fk, updated_at = now()`,
    [alvo.empresaId, alvo.id, alvo.nome, alvo.email],
  );
}

async function temRegistroConsultor(tx: TTx, alvo: TAlvo): Promise<string | null> {
  const { rows } = await tx.query("SELECT id FROM consultores WHERE id_empresa_fk = $1 AND id_usuario_fk = $2", [
    alvo.empresaId,
    alvo.id,
  ]);
  return rows[0]?.id ?? null;
}

/** One platform action on one user: the change, its audit row (who, what, when) and the user as it is now. */
async function agir(
  deps: TDepsAcao,
  ctx: TTenantCtx,
  id: string,
  meta: TMeta,
  acao: string,
  fazer: (tx: TTx, alvo: TAlvo) => Promise<{ dados: Record<string, unknown>; sessoes?: number }>,
): Promise<TResultadoAcaoUsuario> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const alvo = await carregarAlvo(tx, id);
    const { dados, sessoes = 0 } = await fazer(tx, alvo);
    await registrarAuditoria(tx, {
      empresaId: alvo.empresaId,
      usuarioId: ctx.usuarioId,
      acao,
      entidade: "usuario",
      entidadeId: alvo.id,
      dados: { email: alvo.email, ...dados },
      ip: meta.ip,
    });
    const usuario = await lerUsuario(tx, alvo.id);
    if (!usuario) throw notFound(MSG.usuarioNaoEncontrado);
    return { usuario, sessoesEncerradas: sessoes };
  });
}

/** Switches the account off (membership's deactivation) and ends its sessions: its next sign-in is refused. */
export function desativarUsuarioDaPlataforma(deps: TDepsAcao, ctx: TTenantCtx, id: string, meta: TMeta) {
  return agir(deps, ctx, id, meta, "plataforma.usuario_desativado", async (tx, alvo) => {
    await desativarUsuario(deps, tx, { empresaId: alvo.empresaId, usuarioId: alvo.id });
    const sessoes = await encerrarSessoesDoUsuario(deps, tx, alvo);
    return { dados: { estavaAtivo: alvo.ativo, sessoesEncerradas: sessoes }, sessoes };
  });
}

/**
 * Switches the account back on. An Admin Empresa takes an admin seat again and a Consultor without a consultores row
 * a consultant seat, so both are checked against the company's plan first (membership's plan limits).
 */
export function reativarUsuarioDaPlataforma(deps: TDepsAcao, ctx: TTenantCtx, id: string, meta: TMeta) {
  return agir(deps, ctx, id, meta, "plataforma.usuario_reativado", async (tx, alvo) => {
    if (!alvo.ativo) {
      const empresa = { id: alvo.empresaId, plano: alvo.plano };
      if (alvo.papel === PAPEL.admin) await exigirVagaNoPlano(tx, empresa, PAPEL.admin, null);
      if (alvo.papel === PAPEL.consultor && !(await temRegistroConsultor(tx, alvo))) {
        await exigirVagaNoPlano(tx, empresa, PAPEL.consultor, null);
        await garantirRegistroConsultor(tx, alvo);
      }
      await tx.query("UPDATE usuarios_plataforma SET ativo = true, updated_at = now() WHERE id = $1", [alvo.id]);
    }
    return { dados: { estavaAtivo: alvo.ativo } };
  });
}

/**
 * Gives a company user another company role within the plan (membership's seat check, pending invitations
 * included). Leaving Consultor takes them out of the consultants (their leads unassigned, each change recorded);
 * leaving Jurídico unassigns their legal leads; becoming Consultor creates their consultores row.
 */
export function mudarPapelDoUsuario(deps: TDepsAcao, ctx: TTenantCtx, id: string, papel: string, meta: TMeta) {
  return agir(deps, ctx, id, meta, "plataforma.usuario_papel_alterado", async (tx, alvo) => {
    if (!alvo.ativo) throw conflict(MSG.usuarioInativoSemPapel);
    if (alvo.papel === papel) throw conflict(MSG.usuarioJaTemPapel(papel));
    if (papel === PAPEL.admin || papel === PAPEL.consultor) {
      await exigirVagaNoPlano(tx, { id: alvo.empresaId, plano: alvo.plano }, papel, null);
    }
    const motivo = `Papel de ${alvo.nome} alterado de ${alvo.papel} para ${papel} pelo Admin Plataforma`;
    const consultorId = await temRegistroConsultor(tx, alvo);
    if (alvo.papel === PAPEL.consultor && consultorId) {
      await removerRegistroConsultor(tx, { empresaId: alvo.empresaId, consultorId, atorId: ctx.usuarioId, motivo });
    }
    if (alvo.papel === PAPEL.juridico) {
      await desvincularUsuarioJuridico(tx, {
        empresaId: alvo.empresaId,
        usuarioId: alvo.id,
        atorId: ctx.usuarioId,
        motivo,
      });
    }
    await tx.query("UPDATE usuarios_plataforma SET papel = $2, updated_at = now() WHERE id = $1", [alvo.id, papel]);
    if (papel === PAPEL.consultor) await garantirRegistroConsultor(tx, alvo);
    if (papel === PAPEL.juridico) {
      await tx.query(
        `UPDATE profissionais_juridicos SET id_usuario_fk = $3, updated_at = now()
          WHERE id_empresa_fk = $1 AND email = $2 AND id_usuario_fk IS NULL`,
        [alvo.empresaId, alvo.email, alvo.id],
      );
    }
    // the open tabs read the new role (menus, permissions) from a fresh sign-in
    const sessoes = await encerrarSessoesDoUsuario(deps, tx, alvo);
    return { dados: { de: alvo.papel, para: papel, sessoesEncerradas: sessoes }, sessoes };
  });
}

/** Ends every session of the user (a lost laptop, a person who left): they sign in again, the account stays. */
export function encerrarSessoesDaPlataforma(deps: TDepsAcao, ctx: TTenantCtx, id: string, meta: TMeta) {
  return agir(deps, ctx, id, meta, "plataforma.usuario_sessoes_encerradas", async (tx, alvo) => {
    const sessoes = await encerrarSessoesDoUsuario(deps, tx, alvo);
    return { dados: { sessoesEncerradas: sessoes }, sessoes };
  });
}
