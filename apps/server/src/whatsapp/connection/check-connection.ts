import type { TConexaoWhatsApp } from "@crm/domain/schemas/whatsapp";
import type { TDeps } from "../../core/deps.js";
import { type TTenantCtx, withTenant } from "../../db/tenant.js";
import { configCompleta, lerConfigWhatsApp } from "../providers/company-config.js";
import { gravarTipoDaChave, perguntarTipoDaChave, tipoGuardadoDaChave } from "../providers/gateway-key.js";
import { provedorDe } from "../providers/providers.js";
import { encerrarVez, lerUltimaVerificacao, type TVez, tomarVez } from "./check-turn.js";
import { conexaoParaApi, lerSessao, registrarEstadoSessao } from "./session.js";

type TCtx = TTenantCtx & { empresaId: string };

/** 'Gerar QR Code' waits this long for a check in flight to end rather than call the gateway beside it. */
const ESPERA_CONECTAR_MS = 16_000;

/**
 * The company's WhatsApp connection (001 'WhatsApp connection'). `vivo` asks the provider and records the answer on
 * the session row (the spec's upsert); `conectar` also asks the gateway for a QR code. Only the request holding the
 * company's check turn calls the provider (decision 1611): every other one, and any call without either option
 * (Conversas and the chat read it), answers the stored state.
 */
export async function verificarConexao(
  deps: TDeps,
  ctx: TCtx,
  opts: { vivo?: boolean; conectar?: boolean } = {},
): Promise<TConexaoWhatsApp> {
  const { cfg, sessao, verificadaEm } = await withTenant(deps.db.app, ctx, async (tx) => ({
    cfg: await lerConfigWhatsApp(tx, deps.config.appSecret, ctx.empresaId),
    sessao: await lerSessao(tx, ctx.empresaId),
    verificadaEm: await lerUltimaVerificacao(tx, ctx.empresaId),
  }));
  if (!cfg) throw new Error("empresa da sessão não existe");
  const guardado = conexaoParaApi(cfg, sessao, verificadaEm);
  if (!(opts.vivo || opts.conectar) || cfg.provedor === "sandbox" || !configCompleta(cfg)) return guardado;

  const vez = opts.conectar
    ? await esperarVez(deps, ctx)
    : await withTenant(deps.db.app, ctx, (tx) => tomarVez(tx, ctx.empresaId));
  if (!vez) return guardado;
  let erro = true;
  try {
    const provedor = provedorDe(deps, cfg);
    const estado = opts.conectar ? await provedor.conectar() : await provedor.estado();
    erro = !!estado.erro;
    // which key the admin saved, asked once per key: the webhook compares a delivery's apikey only with an
    // instance's own token (0407)
    const tipoChave =
      cfg.provedor === "unofficial" && !estado.erro && !(await withTenant(deps.db.app, ctx, (tx) => tipoGuardadoDaChave(tx, cfg)))
        ? await perguntarTipoDaChave(cfg)
        : null;
    // a QR code on screen stays valid while the gateway waits for the scan
    const manterQr = !estado.conectado && !estado.qrCode && !estado.erro && sessao?.status === "qr_ready";
    return await withTenant(deps.db.app, ctx, async (tx) => {
      await registrarEstadoSessao(deps, tx, ctx.empresaId, {
        status: estado.conectado ? "connected" : estado.qrCode || manterQr ? "qr_ready" : "disconnected",
        qrCode: estado.qrCode ?? (manterQr ? sessao?.qr_code : null),
        erro: estado.erro ?? null,
        identificacao: estado.identificacao ?? null,
      });
      if (tipoChave) await gravarTipoDaChave(tx, cfg, tipoChave);
      await encerrarVez(tx, ctx.empresaId, vez, erro);
      return conexaoParaApi(cfg, await lerSessao(tx, ctx.empresaId), await lerUltimaVerificacao(tx, ctx.empresaId));
    });
  } catch (e) {
    // the turn is given back (an unexpected failure counts as a provider error: the next check waits longer)
    await withTenant(deps.db.app, ctx, (tx) => encerrarVez(tx, ctx.empresaId, vez, true)).catch(() => {});
    throw e;
  }
}

/** A QR code is asked for by a click: it does not wait for the 30 s, only for a check already in flight. */
async function esperarVez(deps: TDeps, ctx: TCtx): Promise<TVez | null> {
  const limite = Date.now() + ESPERA_CONECTAR_MS;
  for (;;) {
    const vez = await withTenant(deps.db.app, ctx, (tx) => tomarVez(tx, ctx.empresaId, { agora: true }));
    if (vez || Date.now() > limite) return vez;
    await new Promise((r) => setTimeout(r, 250));
  }
}
