import type { TPapel } from "@crm/domain/roles";
import type pg from "pg";
import { type TTx, unsafeWithSystem } from "../db/tenant.js";
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

/** Resolves a cookie token to the signed-in person, or null when missing, expired, revoked or inactive. */
export async function lerSessao(pool: pg.Pool, token: string | undefined): Promise<TAuth | null> {
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  return unsafeWithSystem(pool, "sessao", async (tx) => {
    const { rows } = await tx.query(
      `SELECT s.id, s.last_seen_at, u.id AS usuario_id, u.email, u.nome, u.papel, u.id_empresa_fk, e.nome_empresa
         FROM auth_sessoes s
         JOIN usuarios_plataforma u ON u.id = s.id_usuario_fk
         LEFT JOIN empresas e ON e.id = u.id_empresa_fk
        WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.ativo`,
      [id],
    );
    const r = rows[0];
    if (!r) return null;
    if (Date.now() - new Date(r.last_seen_at).getTime() > TOQUE_MS) {
      await tx.query("UPDATE auth_sessoes SET last_seen_at = now(), expires_at = $2 WHERE id = $1", [
        id,
        new Date(Date.now() + SESSAO_IDLE_MS),
      ]);
    }
    return {
      sessaoId: id,
      usuarioId: r.usuario_id,
      email: r.email,
      nome: r.nome,
      papel: r.papel as TPapel,
      empresaId: r.id_empresa_fk,
      empresaNome: r.nome_empresa,
    };
  });
}

export async function revogarSessao(tx: TTx, sessaoId: string): Promise<void> {
  await tx.query("UPDATE auth_sessoes SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL", [sessaoId]);
}
