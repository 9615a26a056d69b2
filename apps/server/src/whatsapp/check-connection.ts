import type { TConexaoWhatsApp } from "@crm/domain/schemas/whatsapp";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { configCompleta, lerConfigWhatsApp } from "./company-config.js";
import { gravarTipoDaChave, perguntarTipoDaChave } from "./gateway-key.js";
import { provedorDe } from "./providers.js";
import { conexaoParaApi, lerSessao, registrarEstadoSessao } from "./session.js";

/**
 * The company's WhatsApp connection (001 'WhatsApp connection'). `vivo` asks the provider now and records
 * the answer on the session row (the spec's upsert); `conectar` also asks the gateway for a QR code.
 * Without either, the stored state is answered (cheap: Conversas and the chat read it).
 */
export async function verificarConexao(
  deps: TDeps,
  ctx: TTenantCtx & { empresaId: string },
  opts: { vivo?: boolean; conectar?: boolean } = {},
): Promise<TConexaoWhatsApp> {
  const { cfg, sessao } = await withTenant(deps.db.app, ctx, async (tx) => ({
    cfg: await lerConfigWhatsApp(tx, deps.config.appSecret, ctx.empresaId),
    sessao: await lerSessao(tx, ctx.empresaId),
  }));
  if (!cfg) throw new Error("empresa da sessão não existe");
  if (!(opts.vivo || opts.conectar) || cfg.provedor === "sandbox" || !configCompleta(cfg)) return conexaoParaApi(cfg, sessao);

  const provedor = provedorDe(deps, cfg);
  const estado = opts.conectar ? await provedor.conectar() : await provedor.estado();
  // which key the admin saved: the webhook compares a delivery's apikey only with an instance's own token (0407)
  const tipoChave = cfg.provedor === "unofficial" && !estado.erro ? await perguntarTipoDaChave(cfg) : null;
  // a QR code on screen stays valid while the gateway waits for the scan
  const manterQr = !estado.conectado && !estado.qrCode && !estado.erro && sessao?.status === "qr_ready";
  return withTenant(deps.db.app, ctx, async (tx) => {
    await registrarEstadoSessao(deps, tx, ctx.empresaId, {
      status: estado.conectado ? "connected" : estado.qrCode || manterQr ? "qr_ready" : "disconnected",
      qrCode: estado.qrCode ?? (manterQr ? sessao?.qr_code : null),
      erro: estado.erro ?? null,
      identificacao: estado.identificacao ?? null,
    });
    if (tipoChave) await gravarTipoDaChave(tx, cfg, tipoChave);
    return conexaoParaApi(cfg, await lerSessao(tx, ctx.empresaId));
  });
}
