import type { TWhatsAppEntrada } from "@crm/domain/schemas/settings";
import { GRAPH_VERSAO_PADRAO, type TProvedorWhatsApp } from "@crm/domain/whatsapp";
import { cofreDe, type TCofre } from "../crypto/secrets.js";
import type { TTx } from "../db/tenant.js";

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
  unofficial: { url: string; apiKey: string | null; instancia: string };
  webhookToken: string;
  verifyToken: string;
  iaTriagemAtiva: boolean;
};

type TBruto = Record<string, unknown>;
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
      graphVersion: texto(c.graph_version) || GRAPH_VERSAO_PADRAO,
    },
    unofficial: {
      url: (texto(c.unofficial_api_url) || texto(c.apiUrl)).replace(/\/+$/, "").replace(/\/api\/v1$/, ""),
      apiKey: lerSegredo(cofre, c.unofficial_api_key) ?? lerSegredo(cofre, c.api_key),
      instancia: texto(c.unofficial_instance_id),
    },
    webhookToken: r.webhook_token as string,
    verifyToken: r.webhook_verify_token as string,
    iaTriagemAtiva: !!r.ia_triagem_ativa,
  };
}

export const COLUNAS_CONFIG =
  "id, nome_empresa, whatsapp_provedor, config_whatsapp_api, webhook_token, webhook_verify_token, ia_triagem_ativa";

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
    },
  };
}
