import type { TPapel } from "@crm/domain/roles";
import type pg from "pg";
import type { TTx } from "../db/tenant.js";
import type { TAuth } from "../http/auth-context.js";
import { hashToken, novoToken } from "./tokens.js";

export const COOKIE_SESSAO = "crm_sessao";
/** Sessions expire after 7 days without use; each use slides the expiry. */
export const SESSAO_IDLE_MS = 7 * 24 * 3_600_000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOQUE_MS = 5 * 60_000;

export async function criarSessao(
  tx: TTx,
  usuarioId: string,
  meta: { userAgent?: string; ip?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = novoToken();
  const expiresAt = new Date(Date.now() + SESSAO_IDLE_MS);
  await tx.query(
    `INSERT INTO auth_sessoes (id, id_usuario_fk, csrf_token, user_agent, ip_address, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [hashToken(token), usuarioId, novoToken(), meta.userAgent?.slice(0, 400) ?? null, meta.ip ?? null, expiresAt],
  );
  return { token, expiresAt };
}

/**
 * Resolves a session id (the cookie token's hash) to the signed-in person, or null when expired, revoked or
 * inactive. One round trip (crm_ler_sessao, migration 0006); requests go through session-cache.ts.
 */
export async function lerSessao(pool: pg.Pool, id: string): Promise<TAuth | null> {
  const { rows } = await pool.query("SELECT * FROM crm_ler_sessao($1, make_interval(secs => $2), make_interval(secs => $3))", [
    id,
    TOQUE_MS / 1000,
    SESSAO_IDLE_MS / 1000,
  ]);
  const r = rows[0];
  if (!r) return null;
  return {
    sessaoId: r.sessao_id,
    usuarioId: r.usuario_id,
    email: r.usuario_email,
    nome: r.usuario_nome,
    papel: r.usuario_papel as TPapel,
    empresaId: r.empresa_id,
    empresaNome: r.empresa_nome,
    empresaPlano: r.empresa_plano ?? null,
    empresaStatus: r.empresa_status ?? null,
  };
}

export async function revogarSessao(tx: TTx, sessaoId: string): Promise<void> {
  await tx.query("UPDATE auth_sessoes SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL", [sessaoId]);
}
