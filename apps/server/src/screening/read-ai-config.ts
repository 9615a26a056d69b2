import { modeloIaDoPlano } from "@crm/domain/plan-limits";
import type { TPlano } from "@crm/domain/plans";
import { IA_PADRAO } from "@crm/domain/schemas/settings";
import { lerConfigIA } from "../company-settings/ai-config.js";
import type { TTx } from "../db/tenant.js";

/**
 * A company's AI settings with the key decrypted, as the screener uses them: only ever held in server memory.
 * apiKey null (never set, or encrypted with another APP_SECRET) → the rule-based screener runs.
 */
export type TConfigIa = { apiKey: string | null; model: string; temperature: number; maxTokens: number; baseUrl: string };

/**
 * Reads empresas.config_chatgpt_api through the company settings' own reader (company-settings/ai-config.ts: every
 * shape of 001 §3, the "v1." AES-256-GCM key, the defaults and ranges of 001 §9), so there is one reading of it.
 */
export function lerConfigIa(appSecret: string, bruto: unknown, plano: TPlano): TConfigIa {
  const c = lerConfigIA(appSecret, bruto);
  return {
    apiKey: c.apiKey,
    // a more capable model is 'IA avançada' (decision 1310): without it (after a downgrade) the recommended model runs
    model: modeloIaDoPlano(plano, c.modelo, IA_PADRAO.modelo),
    temperature: c.temperature,
    maxTokens: c.maxTokens,
    baseUrl: c.baseUrl.replace(/\/+$/, ""),
  };
}

/** The company's screening switch and AI settings, read in the caller's transaction. */
export async function lerEmpresaTriagem(
  tx: TTx,
  appSecret: string,
  empresaId: string,
): Promise<{ nome: string; ativa: boolean; ia: TConfigIa } | null> {
  const { rows } = await tx.query(
    "SELECT nome_empresa, ia_triagem_ativa, config_chatgpt_api, plano_assinatura FROM empresas WHERE id = $1",
    [empresaId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    nome: r.nome_empresa,
    ativa: r.ia_triagem_ativa,
    ia: lerConfigIa(appSecret, r.config_chatgpt_api, r.plano_assinatura),
  };
}
