import { createHash } from "node:crypto";
import type { TWhatsAppEntrada } from "@crm/domain/schemas/settings";
import { GRAPH_VERSAO_PADRAO, type TProvedorWhatsApp } from "@crm/domain/whatsapp";
import { cofreDe, type TCofre } from "../../crypto/secrets.js";
import type { TTx } from "../../db/tenant.js";

/** A company's WhatsApp settings with its secrets decrypted: only ever held in server memory. */
export type TConfigWhatsApp = {
  empresaId: string;
  empresaNome: string;
  provedor: TProvedorWhatsApp;
  official: {
    accessToken: string | null;
    phoneNumberId: string;
    appId: string;
    appSecret: string | null;
    businessAccountId: string;
    graphVersion: string;
  };
  unofficial: {
    url: string;
    apiKey: string | null;
    instancia: string;
    /**
     * The gateway told us (gateway-key.ts) that the saved key is the instance's own token, not the gateway's
     * global key: only then does a delivery's `apikey` have to equal it (decision 0407). Read by the webhook only.
     */
    chaveEDaInstancia: boolean;
  };
  webhookToken: string;
  verifyToken: string;
  iaTriagemAtiva: boolean;
};

type TBruto = Record<string, unknown>;

/** How a saved gateway key is remembered without keeping it twice (gateway-key.ts). */
export const hashChave = (chave: string) => createHash("sha256").update(chave).digest("hex");
const texto = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** Encrypted values start with "v1."; anything else is a legacy plain value imported as is. */
export function lerSegredo(cofre: TCofre, v: unknown): string | null {
  const s = texto(v);
  if (!s) return null;
  return s.startsWith("v1.") ? cofre.decifrar(s) : s;
}

/** Reads config_whatsapp_api, including the original's aliases (apiUrl, api_key). */
export function configDaLinha(appSecret: string, r: TBruto): TConfigWhatsApp {
  const cofre = cofreDe(appSecret);
  const c = (r.config_whatsapp_api ?? {}) as TBruto;
  const apiKey = lerSegredo(cofre, c.unofficial_api_key) ?? lerSegredo(cofre, c.api_key);
  return {
    empresaId: r.id as string,
    empresaNome: r.nome_empresa as string,
    provedor: r.whatsapp_provedor as TProvedorWhatsApp,
    official: {
      accessToken: lerSegredo(cofre, c.access_token),
      phoneNumberId: texto(c.phone_number_id),
      appId: texto(c.app_id),
      appSecret: lerSegredo(cofre, c.app_secret),
      businessAccountId: texto(c.business_account_id),
      // the company's own version, else the platform's default (/configuracoes of the platform admin, decision 1309)
      graphVersion: texto(c.graph_version) || texto(r.graph_versao_plataforma) || GRAPH_VERSAO_PADRAO,
    },
    unofficial: {
      url: (texto(c.unofficial_api_url) || texto(c.apiUrl)).replace(/\/+$/, "").replace(/\/api\/v1$/, ""),
      apiKey,
      instancia: texto(c.unofficial_instance_id),
      // only when the row was read with COLUNA_CHAVE_INSTANCIA, and for the key saved now
      chaveEDaInstancia:
        !!apiKey && typeof r.chave_instancia_sha256 === "string" && r.chave_instancia_sha256 === hashChave(apiKey),
    },
    webhookToken: r.webhook_token as string,
    verifyToken: r.webhook_verify_token as string,
    iaTriagemAtiva: !!r.ia_triagem_ativa,
  };
}

export const COLUNAS_CONFIG =
  "id, nome_empresa, whatsapp_provedor, config_whatsapp_api, webhook_token, webhook_verify_token, ia_triagem_ativa, " +
  "(SELECT graph_versao_padrao FROM configuracoes_plataforma) AS graph_versao_plataforma";

/** With COLUNAS_CONFIG (FROM empresas): what the gateway said of the saved key (migration 0015, gateway-key.ts). */
export const COLUNA_CHAVE_INSTANCIA = `(SELECT s.gateway_chave_sha256 FROM whatsapp_sessions s
    WHERE s.id_empresa_fk = empresas.id AND s.gateway_chave_tipo = 'instancia') AS chave_instancia_sha256`;

export async function lerConfigWhatsApp(tx: TTx, appSecret: string, empresaId: string): Promise<TConfigWhatsApp | null> {
  const { rows } = await tx.query(`SELECT ${COLUNAS_CONFIG} FROM empresas WHERE id = $1`, [empresaId]);
  return rows[0] ? configDaLinha(appSecret, rows[0]) : null;
}

/** 001 §5 'WhatsApp config validity': official needs token and phone number id; unofficial URL, key and instance. */
export function configCompleta(c: TConfigWhatsApp): boolean {
  if (c.provedor === "sandbox") return true;
  if (c.provedor === "official") return !!c.official.accessToken && !!c.official.phoneNumberId;
  return !!c.unofficial.url && !!c.unofficial.apiKey && !!c.unofficial.instancia;
}

/**
 * A config from the settings form (not saved yet, for the connection test): empty secrets fall back to the
 * stored ones.
 */
export function configDoFormulario(guardada: TConfigWhatsApp, w: TWhatsAppEntrada): TConfigWhatsApp {
  return {
    ...guardada,
    provedor: w.provedor,
    official: {
      accessToken: w.access_token || guardada.official.accessToken,
      phoneNumberId: w.phone_number_id,
      appId: w.app_id,
      appSecret: w.app_secret || guardada.official.appSecret,
      businessAccountId: w.business_account_id,
      graphVersion: w.graph_version || GRAPH_VERSAO_PADRAO,
    },
    unofficial: {
      url: w.unofficial_api_url.replace(/\/+$/, "").replace(/\/api\/v1$/, ""),
      apiKey: w.unofficial_api_key || guardada.unofficial.apiKey,
      instancia: w.unofficial_instance_id,
      chaveEDaInstancia: false,
    },
  };
}
