import { MSG } from "@crm/domain/messages";
import type { TIAEntrada, TResultadoTeste, TWhatsAppEntrada } from "@crm/domain/schemas/settings";
import OpenAI from "openai";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { badRequest } from "../http/errors.js";
import { criarFetchSaida, erroDeSaida, observarRecusas } from "../net/outbound.js";
import { configDoFormulario } from "../whatsapp/providers/company-config.js";
import { provedorDe } from "../whatsapp/providers/providers.js";
import { exigirEmpresa, lerConfigCompleta } from "./load-settings.js";

/**
 * 'Testar Conexão WhatsApp': really asks the provider, with the values on screen (saved or not; empty
 * secrets use the stored ones). The settings are not changed. A URL the outbound guard refuses (an internal
 * address, also after a redirect) is a 400 with the reason, and nothing is fetched from it (decision 0016).
 */
export async function testarWhatsApp(deps: TDeps, ctx: TTenantCtx, w: TWhatsAppEntrada): Promise<TResultadoTeste> {
  const empresaId = exigirEmpresa(ctx);
  const atual = await withTenant(deps.db.app, ctx, (tx) => lerConfigCompleta(tx, deps.config.appSecret, empresaId));
  const cfg = configDoFormulario(atual.whatsapp, w);
  if (cfg.provedor === "official" && (!cfg.official.accessToken || !cfg.official.phoneNumberId))
    return { ok: false, mensagem: MSG.preenchaTokenEPhoneId };
  if (cfg.provedor === "unofficial" && (!cfg.unofficial.url || !cfg.unofficial.apiKey))
    return { ok: false, mensagem: MSG.preenchaUrlEChave };
  if (cfg.provedor === "unofficial" && !cfg.unofficial.instancia)
    return { ok: false, mensagem: MSG.whatsappConfigIncompletaNaoOficial };
  const { valor: estado, recusas } = await observarRecusas(() => provedorDe(deps, cfg).estado());
  const recusa = recusas.find((r) => r.codigo === "destino_recusado");
  if (recusa)
    throw badRequest(recusa.message, cfg.provedor === "unofficial" ? { unofficial_api_url: recusa.message } : undefined);
  if (estado.conectado)
    return { ok: true, mensagem: `${MSG.conexaoEstabelecida}${estado.identificacao ? ` (${estado.identificacao})` : ""}` };
  // a gateway that answers but whose number is not paired is reachable, yet not connected: the settings' own words
  // (the screen puts them under its 'Erro de Conexão' title, so no prefix here)
  const naoConectado = !estado.erro || estado.erro === MSG.whatsappNaoConectado;
  return { ok: false, mensagem: naoConectado || !estado.erro ? MSG.testeWhatsappNaoConectado : estado.erro };
}

/** 'Testar Conexão ChatGPT': GET /models on the OpenAI-compatible endpoint with the company's key. */
export async function testarIA(deps: TDeps, ctx: TTenantCtx, ia: TIAEntrada): Promise<TResultadoTeste> {
  const empresaId = exigirEmpresa(ctx);
  const atual = await withTenant(deps.db.app, ctx, (tx) => lerConfigCompleta(tx, deps.config.appSecret, empresaId));
  const apiKey = ia.api_key || atual.ia.apiKey;
  if (!apiKey) return { ok: false, mensagem: MSG.preenchaChaveOpenai };
  let cliente: OpenAI;
  try {
    cliente = new OpenAI({
      apiKey,
      baseURL: ia.base_url,
      timeout: 15_000,
      maxRetries: 0,
      fetch: criarFetchSaida({ timeoutMs: 16_000 }),
    });
  } catch {
    return { ok: false, mensagem: MSG.openaiServicoInvalido };
  }
  try {
    await cliente.models.list();
    return { ok: true, mensagem: MSG.conexaoEstabelecida };
  } catch (e) {
    const recusa = erroDeSaida(e);
    if (recusa?.codigo === "destino_recusado") throw badRequest(recusa.message, { base_url: recusa.message });
    return { ok: false, mensagem: recusa ? recusa.message : MSG.openaiFalhaConexao };
  }
}
