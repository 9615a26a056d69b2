import QRCode from "qrcode";
import type { TDeps } from "../../core/deps.js";
import type { TTx } from "../../db/tenant.js";
import { registrarEstadoSessao } from "../connection/session.js";
import type { TEventoConexao } from "../providers/events.js";
import { agendarRecuperacaoEmpresa } from "./backfill.js";

/**
 * The gateway's connection.update / qrcode.updated events, oldest first, onto the session row. When the instance
 * is open again after being down, its history is read back from when it went down (backfill.ts): what reached
 * the gateway meanwhile may have been posted while we could not take it.
 */
export async function aplicarConexao(
  deps: Pick<TDeps, "realtime" | "jobs">,
  tx: TTx,
  empresaId: string,
  eventos: TEventoConexao[],
): Promise<void> {
  if (!eventos.length) return;
  const { rows } = await tx.query("SELECT status, updated_at FROM whatsapp_sessions WHERE id_empresa_fk = $1", [empresaId]);
  const antes = rows[0] as { status: string; updated_at: Date } | undefined;
  if (antes?.status !== "connected" && eventos.some((e) => e.status === "connected")) {
    // from when it went down
    if (antes)
      await tx.query(
        `UPDATE whatsapp_sessions SET gateway_recuperado_ate = least(coalesce(gateway_recuperado_ate, $2), $2)
          WHERE id_empresa_fk = $1`,
        [empresaId, antes.updated_at],
      );
    await agendarRecuperacaoEmpresa(deps, empresaId, tx);
  }
  for (const e of [...eventos].sort((a, b) => a.timestamp.localeCompare(b.timestamp))) {
    let qrCode = e.qrCode;
    // the gateway may send the pairing code instead of the image
    if (qrCode && !qrCode.startsWith("data:")) qrCode = await QRCode.toDataURL(qrCode, { margin: 1, width: 280 });
    await registrarEstadoSessao(deps, tx, empresaId, {
      status: e.status,
      qrCode,
      erro: e.motivo,
      quando: new Date(e.timestamp),
    });
  }
}
