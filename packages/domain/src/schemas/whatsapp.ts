import { z } from "zod";
import { PROVEDORES_WHATSAPP, STATUS_SESSAO } from "../whatsapp";
import { zId } from "./id";
import { zTexto } from "./text";

/** GET /api/whatsapp/conexao: what /whatsapp-connection and the chat need to know (001 'WhatsApp connection'). */
export const ZConexaoWhatsApp = z.object({
  provedor: z.enum(PROVEDORES_WHATSAPP),
  /** the provider's required settings are filled (001 §5 'WhatsApp config validity') */
  configurado: z.boolean(),
  status: z.enum(STATUS_SESSAO),
  conectado: z.boolean(),
  /** QR code to pair the gateway, as a data: URL (unofficial provider only) */
  qrCode: z.string().nullable(),
  erro: z.string().nullable(),
  /** the number or instance shown to the admin, when known */
  identificacao: z.string().nullable(),
  atualizadoEm: z.string().nullable(),
});
export type TConexaoWhatsApp = z.infer<typeof ZConexaoWhatsApp>;

/** POST /api/testes/simular-mensagem: a person writes as a lead through the sandbox (000 §2.7). */
export const ZSimularMensagem = z.object({
  telefone: zTexto()
    .trim()
    .min(1, "Telefone é obrigatório")
    .refine((v) => v.replace(/\D/g, "").length >= 10, "Telefone inválido"),
  nome: zTexto().trim().max(120).default(""),
  texto: zTexto().trim().max(4096).default(""),
});
export type TSimularMensagem = z.infer<typeof ZSimularMensagem>;

export const ZLeadTeste = z.object({
  id: zId(),
  nome: z.string(),
  telefone: z.string().nullable(),
  status_lead: z.string(),
  origem_lead: z.string(),
  ultima_mensagem_em: z.string().nullable(),
  created_at: z.string(),
});
export const ZPainelTestes = z.object({
  provedor: z.enum(PROVEDORES_WHATSAPP),
  leads: z.array(ZLeadTeste),
  notificacoes: z.array(z.object({ id: zId(), titulo: z.string(), tipo: z.string(), created_at: z.string() })),
});
export type TPainelTestes = z.infer<typeof ZPainelTestes>;
