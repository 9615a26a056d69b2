import type { TTx } from "../db/tenant.js";

/**
 * Limits on failed sign-ins and on password-reset requests, per account (email) and per IP, over a
 * sliding hour. Counted in PostgreSQL (auth_tentativas) so every server instance shares them.
 */
export const LIMITE_TENTATIVAS = {
  login: { porConta: 100, porIp: 100 },
  redefinicao: { porConta: 100, porIp: 100 },
} as const;
export const JANELA_TENTATIVAS_MS = 3_600_000;

export type TTipoTentativa = keyof typeof LIMITE_TENTATIVAS;

/** True when the email or the IP already reached its limit in the window. */
export async function excedeuLimite(tx: TTx, tipo: TTipoTentativa, email: string, ip: string): Promise<boolean> {
  const limite = LIMITE_TENTATIVAS[tipo];
  // each count stops at its limit (LIMIT inside), so a flood of rows cannot make the check itself slow
  const { rows } = await tx.query(
    `SELECT
       (SELECT count(*) FROM (SELECT 1 FROM auth_tentativas WHERE tipo = $1 AND email = $2
          AND created_at > now() - make_interval(secs => $4) LIMIT $5) c) AS conta,
       (SELECT count(*) FROM (SELECT 1 FROM auth_tentativas WHERE tipo = $1 AND ip_address = $3
          AND created_at > now() - make_interval(secs => $4) LIMIT $6) i) AS ip`,
    [tipo, email, ip, JANELA_TENTATIVAS_MS / 1000, limite.porConta, limite.porIp],
  );
  return rows[0].conta >= limite.porConta || rows[0].ip >= limite.porIp;
}

export async function registrarTentativa(tx: TTx, tipo: TTipoTentativa, email: string, ip: string): Promise<void> {
  await tx.query("INSERT INTO auth_tentativas (tipo, email, ip_address) VALUES ($1, $2, $3)", [tipo, email, ip]);
}
