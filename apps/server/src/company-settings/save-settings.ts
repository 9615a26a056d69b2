import { MSG } from "@crm/domain/messages";
import { modeloIaAvancado } from "@crm/domain/plan-limits";
import { camposFaltandoWhatsApp, type TConfiguracoes, type TSalvarConfiguracoes } from "@crm/domain/schemas/settings";
import { registrarMudancas } from "../change-log/record.js";
import type { TDeps } from "../core/deps.js";
import { cofreDe } from "../crypto/secrets.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { badRequest, HttpError } from "../http/errors.js";
import { exigirRecursoDoPlano } from "../membership/plan-limits.js";
import { conferirDestino } from "../net/outbound.js";
import { liberarVez } from "../whatsapp/connection/check-turn.js";
import { esquecerEmpresaDoWebhook } from "../whatsapp/inbound/webhook-company-cache.js";
import { exigirEmpresa, lerConfigCompleta, paraTela } from "./load-settings.js";

/**
 * 'Salvar Configurações' (001 'Company settings'): both blocks in one update of empresas. Secrets left empty
 * keep their stored value; new ones are encrypted (AES-256-GCM) before they reach the database. The chosen
 * provider's required fields must be filled; a save that changes nothing is refused with the spec's message.
 */
export async function salvarConfiguracoes(deps: TDeps, ctx: TTenantCtx, e: TSalvarConfiguracoes): Promise<TConfiguracoes> {
  const empresaId = exigirEmpresa(ctx);
  const cofre = cofreDe(deps.config.appSecret);
  const r = await withTenant(deps.db.app, ctx, async (tx) => {
    const atual = await lerConfigCompleta(tx, deps.config.appSecret, empresaId, true);
    const w = e.whatsapp;
    const faltando = camposFaltandoWhatsApp(w, {
      access_token: !!atual.whatsapp.official.accessToken,
      app_secret: !!atual.whatsapp.official.appSecret,
      unofficial_api_key: !!atual.whatsapp.unofficial.apiKey,
    });
    if (Object.keys(faltando).length)
      throw badRequest(MSG.campoObrigatorio, Object.fromEntries(Object.entries(faltando).map(([k, v]) => [`whatsapp.${k}`, v])));

    // plain values as they will be after the save, to compare with what is stored
    const novo = {
      provedor: w.provedor,
      access_token: w.access_token || atual.whatsapp.official.accessToken,
      phone_number_id: w.phone_number_id,
      app_id: w.app_id,
      app_secret: w.app_secret || atual.whatsapp.official.appSecret,
      business_account_id: w.business_account_id,
      graph_version: w.graph_version,
      unofficial_api_url: w.unofficial_api_url.replace(/\/+$/, "").replace(/\/api\/v1$/, ""),
      unofficial_api_key: w.unofficial_api_key || atual.whatsapp.unofficial.apiKey,
      unofficial_instance_id: w.unofficial_instance_id,
      ia_api_key: e.ia.api_key || atual.ia.apiKey,
      ia_model: e.ia.modelo,
      ia_temperature: e.ia.temperature,
      ia_max_tokens: e.ia.max_tokens,
      ia_base_url: e.ia.base_url,
    };
    const antes = {
      provedor: atual.whatsapp.provedor,
      access_token: atual.whatsapp.official.accessToken,
      phone_number_id: atual.whatsapp.official.phoneNumberId,
      app_id: atual.whatsapp.official.appId,
      app_secret: atual.whatsapp.official.appSecret,
      business_account_id: atual.whatsapp.official.businessAccountId,
      graph_version: atual.whatsapp.official.graphVersion,
      unofficial_api_url: atual.whatsapp.unofficial.url,
      unofficial_api_key: atual.whatsapp.unofficial.apiKey,
      unofficial_instance_id: atual.whatsapp.unofficial.instancia,
      ia_api_key: atual.ia.apiKey,
      ia_model: atual.ia.modelo,
      ia_temperature: atual.ia.temperature,
      ia_max_tokens: atual.ia.maxTokens,
      ia_base_url: atual.ia.baseUrl,
    };
    if (JSON.stringify(novo) === JSON.stringify(antes)) throw badRequest(MSG.semAlteracoesParaSalvar);
    await recusarDestinosNovos([
      ["whatsapp.unofficial_api_url", novo.provedor === "unofficial" ? novo.unofficial_api_url : null, antes.unofficial_api_url],
      ["ia.base_url", novo.ia_base_url, antes.ia_base_url],
    ]);
    // choosing a more capable model is 'IA avançada' (decision 1310); a stored one is kept, and screening ignores it
    if (novo.ia_model !== antes.ia_model && modeloIaAvancado(novo.ia_model))
      await exigirRecursoDoPlano(tx, empresaId, "iaAvancada");

    const cifrar = (v: string | null) => (v ? cofre.cifrar(v) : null);
    const configWhatsApp = {
      api_type: novo.provedor === "unofficial" ? "unofficial" : "official",
      access_token: cifrar(novo.access_token),
      phone_number_id: novo.phone_number_id,
      app_id: novo.app_id,
      app_secret: cifrar(novo.app_secret),
      business_account_id: novo.business_account_id,
      graph_version: novo.graph_version,
      unofficial_api_url: novo.unofficial_api_url,
      unofficial_api_key: cifrar(novo.unofficial_api_key),
      unofficial_instance_id: novo.unofficial_instance_id,
    };
    const configIA = {
      api_key: cifrar(novo.ia_api_key),
      model: novo.ia_model,
      temperature: novo.ia_temperature,
      max_tokens: novo.ia_max_tokens,
      base_url: novo.ia_base_url,
    };
    try {
      await tx.query(
        `UPDATE empresas SET whatsapp_provedor = $2, config_whatsapp_api = $3::jsonb, config_chatgpt_api = $4::jsonb, updated_at = now()
          WHERE id = $1`,
        [empresaId, novo.provedor, JSON.stringify(configWhatsApp), JSON.stringify(configIA)],
      );
      // a new provider or number starts from an unknown connection state
      if (
        novo.provedor !== antes.provedor ||
        novo.phone_number_id !== antes.phone_number_id ||
        novo.unofficial_instance_id !== antes.unofficial_instance_id ||
        novo.unofficial_api_url !== antes.unofficial_api_url
      )
        await tx.query("DELETE FROM whatsapp_sessions WHERE id_empresa_fk = $1", [empresaId]);
      // saved settings are checked at once, whatever the last check's turn or back-off (decision 1611)
      await liberarVez(tx, empresaId);
    } catch {
      throw new HttpError(500, MSG.erroSalvarConfiguracoes);
    }
    // a settings change is a business event of the company (decision 1821): the fields by name, never a secret's value
    const campos = (Object.keys(novo) as (keyof typeof novo)[]).filter((k) => novo[k] !== antes[k]);
    await registrarMudancas(tx, {
      empresaId,
      autor: { origem: "usuario", usuarioId: ctx.usuarioId },
      mudancas: [{ entidade: "configuracao", id: empresaId, tipo: "configuracao.alterada", depois: { campos } }],
    });
    return lerConfigCompleta(tx, deps.config.appSecret, empresaId);
  });
  esquecerEmpresaDoWebhook(r.whatsapp.webhookToken);
  return paraTela(deps.config.appUrl, r);
}

/**
 * A URL the company changes is checked by the outbound guard as 'Testar Conexão' checks it (an internal address, a
 * name that resolves to one): refused on save with the field named, rather than saved to fail at every later call
 * (decision 1615). An unchanged URL is not asked again.
 */
async function recusarDestinosNovos(urls: [campo: string, novo: string | null, antes: string | null][]): Promise<void> {
  for (const [campo, novo, antes] of urls) {
    if (!novo || novo === antes) continue;
    const recusa = await conferirDestino(novo);
    if (recusa) throw badRequest(recusa.message, { [campo]: recusa.message });
  }
}
