import { randomUUID } from "node:crypto";
import { MSG } from "@crm/domain/messages";
import { corpoProvedorDoPadrao, MODELOS_PADRAO } from "@crm/domain/templates";
import { IDIOMA_TEMPLATE_PADRAO } from "@crm/domain/whatsapp";
import type { TArmazenamento } from "../../storage/storage.js";
import type { TConfigWhatsApp } from "./company-config.js";
import type { TEventoStatus } from "./events.js";
import { ErroProvedor, type TProvedor } from "./provider.js";

/** The sandbox's own "delivery network": status reports it sends back later, through the webhook inbox. */
export type TEmissorSandbox = (empresaId: string, eventos: TEventoStatus[], depoisDeSegundos: number) => Promise<void>;

/** Where the sandbox keeps files a simulated lead sends (the provider's side of the download). */
export const prefixoMidiaSandbox = (empresaId: string) => `sandbox/${empresaId}`;

/**
 * The built-in provider of the embedded default and the tests: no external account. It behaves like the
 * official API (ids, 24-hour window, approved templates, delivered then read reports); mobiles starting
 * 9 0000 (e.g. (11) 90000-1234), and the old area code 00, do not exist, so a failed send can be seen too.
 */
export function criarProvedorSandbox(cfg: TConfigWhatsApp, storage: TArmazenamento, emitir: TEmissorSandbox): TProvedor {
  return {
    tipo: "sandbox",
    async enviar(envio) {
      if (/^55(00|\d{2}90000)/.test(envio.para)) {
        throw new ErroProvedor(
          `${MSG.whatsappErroEnviarMensagem}: (#131026) Mensagem não entregue: número inexistente no WhatsApp`,
          {
            codigo: 131026,
          },
        );
      }
      if (envio.tipo === "template" && !MODELOS_PADRAO.some((m) => m.nomeProvedor === envio.nome)) {
        throw new ErroProvedor(`${MSG.whatsappErroEnviarTemplate}: (#132001) Template name does not exist in the translation`);
      }
      const providerId = `sandbox.${randomUUID()}`;
      const agora = Date.now();
      const rel = (status: "delivered" | "read", s: number): TEventoStatus => ({
        tipo: "status",
        providerId,
        status,
        timestamp: new Date(agora + s * 1000).toISOString(),
        erro: null,
      });
      await emitir(cfg.empresaId, [rel("delivered", 1)], 1);
      await emitir(cfg.empresaId, [rel("read", 3)], 3);
      return { providerId };
    },
    estado: async () => ({ conectado: true, identificacao: "Sandbox (simulação)", erro: null }),
    conectar: async () => ({ conectado: true, identificacao: "Sandbox (simulação)", erro: null }),
    templates: async () =>
      MODELOS_PADRAO.map((m) => ({
        nome: m.nomeProvedor,
        idioma: IDIOMA_TEMPLATE_PADRAO,
        categoria: m.categoria,
        corpo: corpoProvedorDoPadrao(m.conteudo),
        parametros: 3,
      })),
    async baixarMidia(ref) {
      if (!ref.startsWith(`${prefixoMidiaSandbox(cfg.empresaId)}/`)) throw new ErroProvedor(MSG.erroProcessarMidia);
      const dados = await storage.ler(ref).catch(() => {
        throw new ErroProvedor(MSG.erroProcessarMidia, { retentavel: true });
      });
      return { dados, mime: "application/octet-stream" };
    },
  };
}
