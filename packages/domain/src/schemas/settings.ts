import { z } from "zod";
import { MSG } from "../messages";
import { GRAPH_VERSAO_PADRAO, PROVEDORES_WHATSAPP, type TProvedorWhatsApp } from "../whatsapp";
import { zId } from "./id";
import { zNumero } from "./number";
import { zTexto } from "./text";

/** Company settings (001 'Company settings', §3 'WhatsApp configuration' and 'ChatGPT configuration', §5, §9). */

export const MODELOS_IA = [
  { valor: "gpt-3.5-turbo", rotulo: "GPT-3.5 Turbo (Recomendado)" },
  { valor: "gpt-4", rotulo: "GPT-4 (Mais caro)" },
  { valor: "gpt-4-turbo", rotulo: "GPT-4 Turbo" },
] as const;
export const IA_PADRAO = {
  modelo: "gpt-3.5-turbo",
  temperature: 0.7,
  max_tokens: 500,
  base_url: "https://api.openai.com/v1",
} as const;

const texto = (max = 500) => zTexto().trim().max(max).default("");
/** A secret field: empty means "keep the stored value" (stored secrets are never sent back). */
const segredo = zTexto().trim().max(2000).default("");
const url = zTexto()
  .trim()
  .max(500)
  .refine((v) => v === "" || /^https?:\/\/[^\s/]+/i.test(v), MSG.urlInvalida)
  .default("");

export const ZWhatsAppEntrada = z.object({
  provedor: z.enum(PROVEDORES_WHATSAPP),
  access_token: segredo,
  phone_number_id: texto(100),
  app_id: texto(100),
  app_secret: segredo,
  /** WhatsApp Business Account id: lists the approved templates (falls back to app_id, as the original did) */
  business_account_id: texto(100),
  graph_version: z
    .string()
    .trim()
    .regex(/^v\d{2}\.\d$/, "Versão inválida (ex.: v25.0)")
    .default(GRAPH_VERSAO_PADRAO),
  /** the gateway's base URL, without /api/v1 */
  unofficial_api_url: url,
  unofficial_api_key: segredo,
  unofficial_instance_id: texto(200),
});
export type TWhatsAppEntrada = z.infer<typeof ZWhatsAppEntrada>;

const MSG_TEMPERATURA = "A temperatura deve estar entre 0 e 1";
const MSG_MAX_TOKENS = "Max Tokens deve estar entre 100 e 2000";

export const ZIAEntrada = z.object({
  api_key: segredo,
  modelo: z.enum(MODELOS_IA.map((m) => m.valor) as [string, ...string[]]).default(IA_PADRAO.modelo),
  temperature: zNumero(z.number().min(0, MSG_TEMPERATURA).max(1, MSG_TEMPERATURA), MSG_TEMPERATURA)
    .transform((v) => Math.round(v * 10) / 10)
    .default(IA_PADRAO.temperature),
  max_tokens: zNumero(
    z.number().int("Max Tokens deve ser um número inteiro").min(100, MSG_MAX_TOKENS).max(2000, MSG_MAX_TOKENS),
    MSG_MAX_TOKENS,
  ).default(IA_PADRAO.max_tokens),
  base_url: url.transform((v) => v || IA_PADRAO.base_url),
});
export type TIAEntrada = z.infer<typeof ZIAEntrada>;

export const ZSalvarConfiguracoes = z.object({ whatsapp: ZWhatsAppEntrada, ia: ZIAEntrada });
export type TSalvarConfiguracoes = z.infer<typeof ZSalvarConfiguracoes>;

/** A stored secret as the browser sees it: whether it is set and its last 4 characters, never the value. */
export const ZSegredo = z.object({ definido: z.boolean(), mascara: z.string().nullable() });
export type TSegredo = z.infer<typeof ZSegredo>;

/** GET /api/empresa/configuracoes (plain output types: response schemas carry no transforms). */
export const ZConfiguracoes = z.object({
  empresa: z.object({ id: zId(), nome: z.string() }),
  whatsapp: z.object({
    provedor: z.enum(PROVEDORES_WHATSAPP),
    access_token: ZSegredo,
    phone_number_id: z.string(),
    app_id: z.string(),
    app_secret: ZSegredo,
    business_account_id: z.string(),
    graph_version: z.string(),
    unofficial_api_url: z.string(),
    unofficial_api_key: ZSegredo,
    unofficial_instance_id: z.string(),
  }),
  webhook: z.object({ url: z.string(), verify_token: z.string() }),
  ia: z.object({ api_key: ZSegredo, modelo: z.string(), temperature: z.number(), max_tokens: z.number(), base_url: z.string() }),
  atualizadoEm: z.string(),
});
export type TConfiguracoes = z.infer<typeof ZConfiguracoes>;

export const ZResultadoTeste = z.object({ ok: z.boolean(), mensagem: z.string() });
export type TResultadoTeste = z.infer<typeof ZResultadoTeste>;

/** Which secrets are already stored: a required secret may be left empty to keep it. */
export type TSegredosGuardados = { access_token: boolean; app_secret: boolean; unofficial_api_key: boolean };

/**
 * Required fields of the chosen provider (001 §5 'WhatsApp config validity'; the screen marks them all
 * required): official needs token, phone number id, app id and app secret (the webhook signature is
 * checked with it); unofficial needs URL, key and instance. Returns field → message.
 */
export function camposFaltandoWhatsApp(w: TWhatsAppEntrada, guardados: TSegredosGuardados): Record<string, string> {
  const faltando: Record<string, string> = {};
  const exigir = (campo: keyof TWhatsAppEntrada, ok: boolean) => {
    if (!ok) faltando[campo] = MSG.campoObrigatorio;
  };
  if (w.provedor === "official") {
    exigir("access_token", !!w.access_token || guardados.access_token);
    exigir("phone_number_id", !!w.phone_number_id);
    exigir("app_id", !!w.app_id);
    exigir("app_secret", !!w.app_secret || guardados.app_secret);
  } else if (w.provedor === "unofficial") {
    exigir("unofficial_api_url", !!w.unofficial_api_url);
    exigir("unofficial_api_key", !!w.unofficial_api_key || guardados.unofficial_api_key);
    exigir("unofficial_instance_id", !!w.unofficial_instance_id);
  }
  return faltando;
}

/** Webhook setup steps of the help box (001 'Company settings' block 3). */
export const PASSOS_WEBHOOK: Record<Exclude<TProvedorWhatsApp, "sandbox">, string[]> = {
  official: [
    "Abra o Meta for Developers (developers.facebook.com) e entre no seu aplicativo de negócios.",
    "Em WhatsApp > Configuração, clique em Editar na seção Webhook.",
    "Cole a URL do Webhook acima como URL de retorno de chamada.",
    "Use exatamente o Webhook Verify Token mostrado acima como token de verificação.",
    "Assine os campos messages (mensagens e seus status de entrega e leitura) e smb_message_echoes.",
  ],
  unofficial: [
    "Abra o painel do seu provedor (Evolution API) e selecione a instância.",
    "Em Webhook, ative o envio e cole a URL do Webhook acima.",
    "Selecione os eventos MESSAGES_UPSERT, MESSAGES_UPDATE, CONNECTION_UPDATE e QRCODE_UPDATED.",
    "Se o painel pedir um token de autenticação, use a API Key da instância.",
  ],
};
