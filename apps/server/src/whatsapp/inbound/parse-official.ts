import { lerReferral } from "@crm/domain/attribution";
import { MSG } from "@crm/domain/messages";
import type { TConfigWhatsApp } from "../providers/company-config.js";
import { isoDeEpoch, type TEvento, type TEventoMensagem, type TMidiaEntrada } from "../providers/events.js";

/** A payload the webhook refuses (4xx) without changing anything. */
export class ErroPayload extends Error {
  constructor(
    public readonly status: 400 | 401 | 403 | 404 | 409,
    mensagem: string,
  ) {
    super(mensagem);
  }
}

type TObj = Record<string, unknown>;
const obj = (v: unknown): TObj | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as TObj) : null);
const lista = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null => (typeof v === "string" && v ? v : typeof v === "number" ? String(v) : null);

const TIPOS = new Set(["text", "image", "document", "audio", "video", "sticker", "location", "contacts"]);

/** The content of one Cloud API message object (messages[] or message_echoes[]). */
function conteudo(m: TObj): Pick<TEventoMensagem, "messageType" | "texto" | "midia"> {
  const tipo = str(m.type) ?? "unsupported";
  const corpo = obj(m[tipo]) ?? {};
  const midia = (): TMidiaEntrada | null => {
    const id = str(corpo.id);
    return id ? { ref: id, mime: str(corpo.mime_type), nome: str(corpo.filename), tamanho: null } : null;
  };
  switch (tipo) {
    case "text":
      return { messageType: "text", texto: str(corpo.body) ?? "", midia: null };
    case "image":
    case "document":
    case "audio":
    case "video":
    case "sticker":
      return { messageType: tipo, texto: str(corpo.caption) ?? "", midia: midia() };
    case "location": {
      const nome = [str(corpo.name), str(corpo.address)].filter(Boolean).join(" - ");
      return { messageType: "location", texto: `${nome ? `${nome} ` : ""}(${corpo.latitude}, ${corpo.longitude})`, midia: null };
    }
    case "button":
      return { messageType: "text", texto: str(corpo.text) ?? "", midia: null };
    case "interactive": {
      const r = obj(corpo.button_reply) ?? obj(corpo.list_reply) ?? {};
      return { messageType: "text", texto: str(r.title) ?? "", midia: null };
    }
    default:
      return { messageType: TIPOS.has(tipo) ? (tipo as TEventoMensagem["messageType"]) : "unsupported", texto: "", midia: null };
  }
}

/**
 * Reads a WhatsApp Cloud API webhook (object whatsapp_business_account): messages, statuses and
 * smb_message_echoes (messages sent from the WhatsApp Business app on the same number). A change addressed
 * to another phone number id is foreign: the whole delivery is refused.
 */
export function lerWebhookOficial(corpo: unknown, cfg: TConfigWhatsApp): TEvento[] {
  const raiz = obj(corpo);
  if (raiz?.object !== "whatsapp_business_account" || !Array.isArray(raiz.entry))
    throw new ErroPayload(400, MSG.requisicaoInvalida);
  const eventos: TEvento[] = [];
  for (const entrada of raiz.entry) {
    for (const mudanca of lista(obj(entrada)?.changes)) {
      const c = obj(mudanca);
      const valor = obj(c?.value);
      if (!c || !valor) throw new ErroPayload(400, MSG.requisicaoInvalida);
      if (c.field !== "messages" && c.field !== "smb_message_echoes") continue; // account and template updates
      const numero = str(obj(valor.metadata)?.phone_number_id);
      if (!numero || numero !== cfg.official.phoneNumberId) throw new ErroPayload(403, MSG.acessoNegado);
      const nomes = new Map<string, string>();
      for (const ct of lista(valor.contacts)) {
        const waId = str(obj(ct)?.wa_id);
        const nome = str(obj(obj(ct)?.profile)?.name);
        if (waId && nome) nomes.set(waId, nome);
      }
      for (const bruto of lista(valor.messages)) {
        const m = obj(bruto);
        const id = str(m?.id);
        const de = str(m?.from);
        if (!m || !id || !de) throw new ErroPayload(400, MSG.requisicaoInvalida);
        eventos.push({
          tipo: "mensagem",
          providerId: id,
          telefone: de,
          nome: nomes.get(de) ?? null,
          direcao: "entrada",
          timestamp: isoDeEpoch(m.timestamp),
          ...conteudo(m),
          referral: lerReferral(m.referral),
        });
      }
      for (const bruto of lista(valor.message_echoes)) {
        const m = obj(bruto);
        const id = str(m?.id);
        const para = str(m?.to);
        if (!m || !id || !para) throw new ErroPayload(400, MSG.requisicaoInvalida);
        eventos.push({
          tipo: "mensagem",
          providerId: id,
          telefone: para,
          nome: null,
          direcao: "saida",
          timestamp: isoDeEpoch(m.timestamp),
          ...conteudo(m),
        });
      }
      for (const bruto of lista(valor.statuses)) {
        const s = obj(bruto);
        const id = str(s?.id);
        const status = str(s?.status);
        if (!s || !id || !status) throw new ErroPayload(400, MSG.requisicaoInvalida);
        if (status !== "sent" && status !== "delivered" && status !== "read" && status !== "failed") continue;
        const erro = obj(lista(s.errors)[0]);
        const detalhe = str(obj(erro?.error_data)?.details);
        eventos.push({
          tipo: "status",
          providerId: id,
          status,
          timestamp: isoDeEpoch(s.timestamp),
          erro: erro
            ? `(#${str(erro.code) ?? "?"}) ${str(erro.title) ?? str(erro.message) ?? ""}${detalhe ? `: ${detalhe}` : ""}`.trim()
            : null,
        });
      }
    }
  }
  return eventos;
}
