import type { TTx } from "../db/tenant.js";
import { hashToken, novoToken } from "./tokens.js";

/** Emailed single-use links. Only the token's SHA-256 is stored: a database leak yields no usable link. */
export type TTipoToken = "confirmacao_email" | "redefinicao_senha" | "troca_email";

const VALIDADE_TOKEN_MS: Record<TTipoToken, number> = {
  confirmacao_email: 24 * 3_600_000,
  redefinicao_senha: 3_600_000,
  troca_email: 24 * 3_600_000,
};

/** `dados` travels with the token (e.g. the new address of an email change) and comes back when it is redeemed. */
export async function emitirTokenUnico(
  tx: TTx,
  usuarioId: string,
  tipo: TTipoToken,
  dados: Record<string, unknown> = {},
): Promise<string> {
  const token = novoToken();
  await tx.query(
    `INSERT INTO auth_tokens (id_usuario_fk, tipo, token_hash, expires_at, dados)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5)`,
    [usuarioId, tipo, hashToken(token), VALIDADE_TOKEN_MS[tipo] / 1000, JSON.stringify(dados)],
  );
  return token;
}

/** The token's user when it is still usable, without spending it (to avoid costly work for bad tokens). */
export async function usuarioDoToken(tx: TTx, tipo: TTipoToken, token: string): Promise<string | null> {
  const { rows } = await tx.query(
    "SELECT id_usuario_fk FROM auth_tokens WHERE token_hash = $1 AND tipo = $2 AND used_at IS NULL AND expires_at > now()",
    [hashToken(token), tipo],
  );
  return rows[0]?.id_usuario_fk ?? null;
}

/**
 * Spends the token and returns its user, or null when unknown, used or expired. One conditional UPDATE:
 * of two concurrent redemptions the second waits for the first's row lock, re-checks used_at and gets nothing.
 */
export async function resgatarTokenUnico(tx: TTx, tipo: TTipoToken, token: string): Promise<string | null> {
  const { rows } = await tx.query(
    `UPDATE auth_tokens SET used_at = now()
      WHERE token_hash = $1 AND tipo = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING id_usuario_fk`,
    [hashToken(token), tipo],
  );
  return rows[0]?.id_usuario_fk ?? null;
}

/** resgatarTokenUnico that also gives back the data the token was issued with. */
export async function resgatarTokenComDados(
  tx: TTx,
  tipo: TTipoToken,
  token: string,
): Promise<{ usuarioId: string; dados: Record<string, unknown> } | null> {
  const { rows } = await tx.query(
    `UPDATE auth_tokens SET used_at = now()
      WHERE token_hash = $1 AND tipo = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING id_usuario_fk, dados`,
    [hashToken(token), tipo],
  );
  return rows[0] ? { usuarioId: rows[0].id_usuario_fk, dados: rows[0].dados ?? {} } : null;
}

/** Other links of the same kind stop working once one of them did its job. */
export async function invalidarTokens(tx: TTx, usuarioId: string, tipo: TTipoToken): Promise<void> {
  await tx.query("UPDATE auth_tokens SET used_at = now() WHERE id_usuario_fk = $1 AND tipo = $2 AND used_at IS NULL", [
    usuarioId,
    tipo,
  ]);
}
