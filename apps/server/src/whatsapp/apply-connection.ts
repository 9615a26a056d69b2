import QRCode from "qrcode";
import type { TTx } from "../db/tenant.js";
import type { TDeps } from "../deps.js";
import type { TEventoConexao } from "./events.js";
import { registrarEstadoSessao } from "./session.js";

/** The gateway's connection.update / qrcode.updated events, oldest first, onto the session row. */
export async function aplicarConexao(
  deps: Pick<TDeps, "realtime">,
  tx: TTx,
  empresaId: string,
  eventos: TEventoConexao[],
): Promise<void> {
  if (!eventos.length) return;
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
