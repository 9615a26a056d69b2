import { IA_PADRAO, MODELOS_IA } from "@crm/domain/schemas/settings";
import { cofreDe } from "../crypto/secrets.js";
import { lerSegredo } from "../whatsapp/providers/company-config.js";

/** A company's ChatGPT settings with the key decrypted (server memory only). The screening (decision 0601) reads it too. */
export type TConfigIA = { apiKey: string | null; modelo: string; temperature: number; maxTokens: number; baseUrl: string };

/**
 * Reads config_chatgpt_api, which the original stored as an object, a JSON string or a bare key (001 §3).
 * Out-of-range numbers fall back to the defaults (001 §9).
 */
export function lerConfigIA(appSecret: string, bruto: unknown): TConfigIA {
  let v: unknown = bruto;
  if (typeof v === "string") {
    try {
      v = JSON.parse(v);
    } catch {
      v = { api_key: v };
    }
    if (typeof v === "string") v = { api_key: v };
  }
  const o = (v && typeof v === "object" ? v : {}) as Record<string, unknown>;
  const num = (x: unknown, min: number, max: number, padrao: number) => {
    const n = Number(x);
    return Number.isFinite(n) && n >= min && n <= max ? n : padrao;
  };
  const modelo = typeof o.model === "string" ? o.model : typeof o.modelo === "string" ? o.modelo : IA_PADRAO.modelo;
  return {
    apiKey: lerSegredo(cofreDe(appSecret), o.api_key),
    modelo: MODELOS_IA.some((m) => m.valor === modelo) ? modelo : IA_PADRAO.modelo,
    temperature: Math.round(num(o.temperature, 0, 1, IA_PADRAO.temperature) * 10) / 10,
    maxTokens: Math.round(num(o.max_tokens, 100, 2000, IA_PADRAO.max_tokens)),
    baseUrl: typeof o.base_url === "string" && /^https?:\/\//.test(o.base_url) ? o.base_url : IA_PADRAO.base_url,
  };
}
