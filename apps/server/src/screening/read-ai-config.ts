import { IA_PADRAO } from "@crm/domain/schemas/settings";
import { cofreDe } from "../crypto/secrets.js";
import type { TTx } from "../db/tenant.js";

/** A company's AI settings with the key decrypted: only ever held in server memory. */
export type TConfigIa = {
  /** null: no usable key (never set, or encrypted with another APP_SECRET) → the rule-based screener runs */
  apiKey: string | null;
  model: string;
  temperature: number;
  maxTokens: number;
  baseUrl: string;
};

const MIN_TOKENS = 100;
const MAX_TOKENS = 2000;

function numero(v: unknown): number | null {
  const n = typeof v === "string" && v.trim() ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
}
const texto = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/**
 * Reads empresas.config_chatgpt_api in every shape the spec allows (001 §3 'ChatGPT configuration': a JSON
 * string, an object or a bare key) and the settings screen's own (`modelo`, `base_url`). A key starting with
 * "v1." is an AES-256-GCM ciphertext of crypto/secrets.ts; anything else is a legacy plain key imported as is.
 * Missing or out-of-range values fall back to the spec's defaults (001 §9: gpt-3.5-turbo, 0.7, 500; 100–2000).
 */
export function lerConfigIa(appSecret: string, bruto: unknown): TConfigIa {
  let c: Record<string, unknown> = {};
  if (typeof bruto === "string") {
    const s = bruto.trim();
    if (s.startsWith("{")) {
      try {
        c = JSON.parse(s);
      } catch {
        c = {};
      }
    } else if (s) c = { api_key: s };
  } else if (bruto && typeof bruto === "object") c = bruto as Record<string, unknown>;

  const chave = texto(c.api_key ?? c.apiKey);
  const apiKey = chave.startsWith("v1.") ? cofreDe(appSecret).decifrar(chave) : chave || null;
  const temperatura = numero(c.temperature);
  const tokens = numero(c.max_tokens ?? c.maxTokens);
  const base = texto(c.base_url ?? c.baseUrl ?? c.baseURL);
  return {
    apiKey: apiKey || null,
    model: texto(c.model ?? c.modelo) || IA_PADRAO.modelo,
    temperature: temperatura !== null && temperatura >= 0 && temperatura <= 2 ? temperatura : IA_PADRAO.temperature,
    maxTokens:
      tokens !== null ? Math.min(MAX_TOKENS, Math.max(MIN_TOKENS, Math.round(tokens))) : IA_PADRAO.max_tokens,
    baseUrl: (/^https?:\/\//i.test(base) ? base : IA_PADRAO.base_url).replace(/\/+$/, ""),
  };
}

/** The company's screening switch and AI settings, read in the caller's transaction. */
export async function lerEmpresaTriagem(
  tx: TTx,
  appSecret: string,
  empresaId: string,
): Promise<{ nome: string; ativa: boolean; ia: TConfigIa } | null> {
  const { rows } = await tx.query("SELECT nome_empresa, ia_triagem_ativa, config_chatgpt_api FROM empresas WHERE id = $1", [
    empresaId,
  ]);
  const r = rows[0];
  return r ? { nome: r.nome_empresa, ativa: r.ia_triagem_ativa, ia: lerConfigIa(appSecret, r.config_chatgpt_api) } : null;
}
