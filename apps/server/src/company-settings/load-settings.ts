import { MSG } from "@crm/domain/messages";
import type { TConfiguracoes } from "@crm/domain/schemas/settings";
import type { TDeps } from "../core/deps.js";
import { mascarar } from "../crypto/secrets.js";
import type { TTenantCtx, TTx } from "../db/tenant.js";
import { withTenant } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { COLUNAS_CONFIG, configDaLinha, type TConfigWhatsApp } from "../whatsapp/providers/company-config.js";
import { lerConfigIA, type TConfigIA } from "./ai-config.js";

export type TConfigCompleta = { whatsapp: TConfigWhatsApp; ia: TConfigIA; atualizadoEm: Date };

export function exigirEmpresa(ctx: TTenantCtx): string {
  if (!ctx.empresaId) throw notFound(MSG.empresaNaoEncontradaTente);
  return ctx.empresaId;
}

export async function lerConfigCompleta(tx: TTx, appSecret: string, empresaId: string, travar = false): Promise<TConfigCompleta> {
  const { rows } = await tx.query(
    `SELECT ${COLUNAS_CONFIG}, config_chatgpt_api, updated_at FROM empresas WHERE id = $1${travar ? " FOR UPDATE" : ""}`,
    [empresaId],
  );
  if (!rows[0]) throw notFound(MSG.empresaNaoEncontradaTente);
  return {
    whatsapp: configDaLinha(appSecret, rows[0]),
    ia: lerConfigIA(appSecret, rows[0].config_chatgpt_api),
    atualizadoEm: rows[0].updated_at,
  };
}

/** What the settings screen shows: every value except secrets, which only say whether they are set. */
export function paraTela(appUrl: string, c: TConfigCompleta): TConfiguracoes {
  const w = c.whatsapp;
  return {
    empresa: { id: w.empresaId, nome: w.empresaNome },
    whatsapp: {
      provedor: w.provedor,
      access_token: mascarar(w.official.accessToken),
      phone_number_id: w.official.phoneNumberId,
      app_id: w.official.appId,
      app_secret: mascarar(w.official.appSecret),
      business_account_id: w.official.businessAccountId,
      graph_version: w.official.graphVersion,
      unofficial_api_url: w.unofficial.url,
      unofficial_api_key: mascarar(w.unofficial.apiKey),
      unofficial_instance_id: w.unofficial.instancia,
    },
    webhook: { url: `${appUrl}/api/webhooks/whatsapp/${w.webhookToken}`, verify_token: w.verifyToken },
    ia: {
      api_key: mascarar(c.ia.apiKey),
      modelo: c.ia.modelo,
      temperature: c.ia.temperature,
      max_tokens: c.ia.maxTokens,
      base_url: c.ia.baseUrl,
    },
    atualizadoEm: new Date(c.atualizadoEm).toISOString(),
  };
}

export async function carregarConfiguracoes(deps: TDeps, ctx: TTenantCtx): Promise<TConfiguracoes> {
  const empresaId = exigirEmpresa(ctx);
  const c = await withTenant(deps.db.app, ctx, (tx) => lerConfigCompleta(tx, deps.config.appSecret, empresaId));
  return paraTela(deps.config.appUrl, c);
}
