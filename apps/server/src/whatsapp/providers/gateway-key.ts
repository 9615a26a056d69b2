import { MSG } from "@crm/domain/messages";
import type { TTx } from "../../db/tenant.js";
import { hashChave, type TConfigWhatsApp } from "./company-config.js";
import { clienteGateway } from "./unofficial.js";

/**
 * Which key the admin saved in 'API Key' (decision 0407): the gateway's global key (AUTHENTICATION_API_KEY, what
 * most admins type) or the instance's own token. Only the gateway knows: `GET /instance/fetchInstances?instanceName=`
 * (instance.controller.ts) answers the global key with the instance's row, its `token` included, and an instance
 * token with that same row only when the token is this instance's. So the saved key is the instance's token
 * exactly when the row's token equals it. Stored as a hash of the key it was learned for (whatsapp_sessions,
 * migration 0015): saving another key makes it unknown again, and an unknown key is never compared.
 */
export type TTipoChave = "instancia" | "global";

/** Asks the gateway; null when it cannot tell (unreachable, the instance missing, an older gateway without tokens). */
export async function perguntarTipoDaChave(cfg: TConfigWhatsApp): Promise<TTipoChave | null> {
  try {
    const res = await clienteGateway(cfg).chamar(
      "instance/fetchInstances?instanceName={instancia}",
      {},
      MSG.whatsappErroConexaoApi,
    );
    const lista = (await res.json()) as unknown;
    const linhas = Array.isArray(lista) ? lista : [];
    // v2 answers the prisma Instance row; older v1 gateways wrapped it as { instance: { instanceName, ... } }
    const linha = linhas.find((l) => l && typeof l === "object" && (l as { name?: unknown }).name === cfg.unofficial.instancia) as
      | { token?: unknown }
      | undefined;
    if (!linha || typeof linha.token !== "string" || !linha.token) return null;
    return linha.token === cfg.unofficial.apiKey ? "instancia" : "global";
  } catch {
    return null;
  }
}

/** Whether the stored answer is for the key saved now (else the gateway is asked again). */
export async function tipoGuardadoDaChave(tx: TTx, cfg: TConfigWhatsApp): Promise<TTipoChave | null> {
  if (!cfg.unofficial.apiKey) return null;
  const { rows } = await tx.query(
    "SELECT gateway_chave_tipo FROM whatsapp_sessions WHERE id_empresa_fk = $1 AND gateway_chave_sha256 = $2",
    [cfg.empresaId, hashChave(cfg.unofficial.apiKey)],
  );
  return rows[0]?.gateway_chave_tipo ?? null;
}

/** Records what the gateway said of the saved key, on the session row (made by the first connection state). */
export async function gravarTipoDaChave(tx: TTx, cfg: TConfigWhatsApp, tipo: TTipoChave): Promise<void> {
  if (!cfg.unofficial.apiKey) return;
  await tx.query("UPDATE whatsapp_sessions SET gateway_chave_sha256 = $2, gateway_chave_tipo = $3 WHERE id_empresa_fk = $1", [
    cfg.empresaId,
    hashChave(cfg.unofficial.apiKey),
    tipo,
  ]);
}
