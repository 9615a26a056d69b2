import type { TVerificacao } from "@crm/domain/doctor";
import type { TConfig } from "../config/config.js";
import type { TDb } from "../db/pool.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { fetchSaida } from "../net/outbound.js";
import { resultado } from "./check.js";

/**
 * Each company's WhatsApp provider answers at all (any HTTP status counts: no credential is sent, none is needed to
 * know the host is reachable), within a short timeout. The gateway URL is the company's own, so it goes through the
 * outbound policy like every call to it (decision 0016). Sandbox companies and incomplete settings are skipped.
 */
export async function verificarWhatsApp(db: TDb, config: TConfig, timeoutMs = 3_000): Promise<TVerificacao[]> {
  const empresas = await unsafeWithSystem(db.app, "diagnóstico: provedor de WhatsApp de cada empresa", async (tx) => {
    const { rows } = await tx.query<{ id: string; nome: string; provedor: string; url: string }>(
      `SELECT id, nome_empresa AS nome, whatsapp_provedor AS provedor,
              coalesce(nullif(trim(config_whatsapp_api->>'unofficial_api_url'), ''), trim(config_whatsapp_api->>'apiUrl'), '') AS url
         FROM empresas WHERE whatsapp_provedor IN ('official', 'unofficial') ORDER BY nome_empresa`,
    );
    return rows;
  });
  const saida: TVerificacao[] = [];
  for (const e of empresas) {
    const titulo = `WhatsApp: ${e.nome}`;
    const url = e.provedor === "official" ? config.whatsappGraphUrl : e.url;
    if (!url) continue;
    try {
      await fetchSaida(
        url,
        { method: "GET" },
        { timeoutMs, conexaoTimeoutMs: timeoutMs, limiteBytes: 64 * 1024, cortarCorpo: true },
      );
      saida.push(resultado(`whatsapp.${e.id}`, titulo, "ok", `${new URL(url).host} respondeu`));
    } catch (err) {
      saida.push(
        resultado(
          `whatsapp.${e.id}`,
          titulo,
          "erro",
          `${url} não respondeu em ${timeoutMs / 1000} s: ${(err as Error).message}`,
          e.provedor === "official"
            ? "Confira se esta máquina alcança a API do WhatsApp (WHATSAPP_GRAPH_URL, proxy, firewall)."
            : "Confira a URL do gateway em /empresa-config dessa empresa e se ele está no ar (ou em OUTBOUND_ALLOWED_HOSTS, se for interno).",
        ),
      );
    }
  }
  return saida;
}
