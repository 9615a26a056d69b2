import type { TProvedorWhatsApp } from "@crm/domain/whatsapp";
import type { TTx } from "../../db/tenant.js";

/**
 * Minimum gap between two sends of one company's number: the Cloud API's default throughput is 80 messages
 * per second per number; a gateway on a personal-app session is kept to one per second (bursts get numbers
 * banned); the sandbox imitates the official pace.
 */
export const INTERVALO_ENVIO_MS: Record<TProvedorWhatsApp, number> = { official: 13, unofficial: 1_000, sandbox: 13 };

/**
 * Reserves the company's next send slot, shared by every server instance through the session row, and
 * returns how long to wait for it (0 when free now). `agora` is the database's clock unless given (tests fix it, so
 * the waits they read do not depend on how fast a loaded machine runs the reservations).
 */
export function reservarVaga(tx: TTx, empresaId: string, provedor: TProvedorWhatsApp, agora?: Date): Promise<number> {
  return reservarVagas(tx, empresaId, provedor, 1, agora);
}

/**
 * Reserves `n` consecutive slots at once (a send batch, decision 1911) and returns the wait for the first; the k-th
 * is `k × INTERVALO_ENVIO_MS` after it. One row update for the whole batch, so a batch never interleaves with
 * another sender of the same number faster than the provider's pace.
 */
export async function reservarVagas(
  tx: TTx,
  empresaId: string,
  provedor: TProvedorWhatsApp,
  n: number,
  agora?: Date,
): Promise<number> {
  const intervalo = INTERVALO_ENVIO_MS[provedor] * n;
  const { rows } = await tx.query(
    `WITH relogio AS (SELECT coalesce($3::timestamptz, now()) AS agora)
     INSERT INTO whatsapp_sessions AS s (id_empresa_fk, status, proximo_envio_em)
     SELECT $1, 'connected', agora + make_interval(secs => $2 / 1000.0) FROM relogio
     ON CONFLICT (id_empresa_fk) DO UPDATE
       SET proximo_envio_em = greatest(s.proximo_envio_em, (SELECT agora FROM relogio)) + make_interval(secs => $2 / 1000.0)
     RETURNING greatest(0, extract(epoch FROM s.proximo_envio_em - (SELECT agora FROM relogio)) * 1000 - $2) AS espera`,
    [empresaId, intervalo, agora ?? null],
  );
  return Math.round(Number(rows[0].espera));
}
