import { descreverDispositivo } from "@crm/domain/device";
import { MSG } from "@crm/domain/messages";
import type { TSessaoAtiva } from "@crm/domain/schemas/profile";
import { registrarAuditoria } from "../auth/audit.js";
import { revogarSessao } from "../auth/sessions.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { revogarOutrasSessoes } from "./revoke-other-sessions.js";

const iso = (d: Date) => new Date(d).toISOString();

/** Active sessions (001 §3 'Session entry'): live ones only, newest first, the caller's marked current. */
export function listarSessoes(deps: Pick<TDeps, "db">, ctx: TTenantCtx, sessaoAtual: string): Promise<TSessaoAtiva[]> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT id, created_at, last_seen_at, user_agent, ip_address FROM auth_sessoes
        WHERE id_usuario_fk = $1 AND revoked_at IS NULL AND expires_at > now()
        ORDER BY created_at DESC, id`,
      [ctx.usuarioId],
    );
    return rows.map((r) => ({
      id: r.id,
      created_at: iso(r.created_at),
      last_seen_at: iso(r.last_seen_at),
      user_agent: r.user_agent,
      ip_address: r.ip_address,
      dispositivo: descreverDispositivo(r.user_agent),
      current: r.id === sessaoAtual,
    }));
  });
}

/**
 * Ends one of the user's own sessions and pushes `sessao.revogada` to it, so that browser goes to /login at once.
 * Someone else's (or an ended) session is 404: ids cannot be probed.
 */
export async function encerrarSessao(deps: Pick<TDeps, "db" | "realtime">, ctx: TTenantCtx, id: string, meta: { ip: string }) {
  await withTenant(deps.db.app, ctx, async (tx) => {
    const { rowCount } = await tx.query(
      "SELECT 1 FROM auth_sessoes WHERE id = $1 AND id_usuario_fk = $2 AND revoked_at IS NULL AND expires_at > now()",
      [id, ctx.usuarioId],
    );
    if (!rowCount) throw notFound(MSG.sessaoNaoEncontrada);
    await revogarSessao(tx, id);
    await deps.realtime.publicar(tx, { empresaId: ctx.empresaId, sessaoId: id }, { tipo: "sessao.revogada" });
    await registrarAuditoria(tx, {
      empresaId: ctx.empresaId,
      usuarioId: ctx.usuarioId,
      acao: "sessao.encerrada",
      entidade: "sessao",
      ip: meta.ip,
    });
  });
}

/** 'Sair de todas as outras sessões'. */
export function encerrarOutrasSessoes(
  deps: Pick<TDeps, "db" | "realtime">,
  ctx: TTenantCtx,
  sessaoAtual: string,
  meta: { ip: string },
) {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const n = await revogarOutrasSessoes(deps, tx, ctx, sessaoAtual);
    await registrarAuditoria(tx, {
      empresaId: ctx.empresaId,
      usuarioId: ctx.usuarioId,
      acao: "sessao.outras_encerradas",
      entidade: "sessao",
      dados: { sessoesEncerradas: n },
      ip: meta.ip,
    });
    return n;
  });
}
