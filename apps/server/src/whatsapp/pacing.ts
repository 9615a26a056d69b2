import type { TProvedorWhatsApp } from "@crm/domain/whatsapp";
import type { TTx } from "../db/tenant.js";

/**
 * Minimum gap between two sends of one company's number: the Cloud API's default throughput is 80 messages
 * per second per number; a gateway on a personal-app session is kept to one per second (bursts get numbers
 * banned); the sandbox imitates the official pace.
 */
export const INTERVALO_ENVIO_MS: Record<TProvedorWhatsApp, number> = { official: 13, unofficial: 1_000, sandbox: 13 };

/**
 * Reserves the company's next send slot, shared by every server instance through the session row, and
 * returns how long to wait for it (0 when free now).
 */
export async function reservarVaga(tx: TTx, empresaId: string, provedor: TProvedorWhatsApp): Promise<number> {
  const intervalo = INTERVALO_ENVIO_MS[provedor];
  const { rows } = await tx.query(
    `INSERT INTO whatsapp_sessions AS s (id_empresa_fk, status, proximo_envio_em)
     VALUES ($1, 'connected', now() + make_interval(secs => $2 / 1000.0))
     ON CONFLICT (id_empresa_fk) DO UPDATE
       SET proximo_envio_em = greatest(s.proximo_envio_em, now()) + make_interval(secs => $2 / 1000.0)
     RETURNING greatest(0, extract(epoch FROM s.proximo_envio_em - now()) * 1000 - $2) AS espera`,
    [empresaId, intervalo],
  );
  return Math.round(Number(rows[0].espera));
}
