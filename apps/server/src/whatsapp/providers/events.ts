import type { TReferral } from "@crm/domain/attribution";
import type { TStatusSessao } from "@crm/domain/whatsapp";

/**
 * What a webhook delivery means once read, whatever the provider: the inbox (whatsapp_eventos) stores these,
 * keyed by `chave` so that a redelivered event is dropped.
 */
export type TMidiaEntrada = { ref: string; mime: string | null; nome: string | null; tamanho: number | null };

export type TEventoMensagem = {
  tipo: "mensagem";
  providerId: string;
  /** the lead's phone (digits as the provider gave them) */
  telefone: string;
  /** the lead's profile name, when the provider tells it */
  nome: string | null;
  /** 'saida': an echo of a message sent from the phone itself */
  direcao: "entrada" | "saida";
  timestamp: string;
  messageType: "text" | "image" | "document" | "audio" | "video" | "sticker" | "location" | "contacts" | "unsupported";
  texto: string;
  midia: TMidiaEntrada | null;
  /** the click-to-WhatsApp ad the message came from (Cloud API `referral`, gateway `externalAdReply`), when any */
  referral?: TReferral | null;
};

export type TEventoStatus = {
  tipo: "status";
  providerId: string;
  status: "sent" | "delivered" | "read" | "failed";
  timestamp: string;
  erro: string | null;
};

export type TEventoConexao = {
  tipo: "conexao";
  status: TStatusSessao;
  qrCode: string | null;
  motivo: string | null;
  timestamp: string;
};

export type TEvento = TEventoMensagem | TEventoStatus | TEventoConexao;

/** The inbox key: a redelivery of the same event has the same key. */
export function chaveDoEvento(e: TEvento): string {
  if (e.tipo === "mensagem") return `m:${e.providerId}`;
  if (e.tipo === "status") return `s:${e.providerId}:${e.status}`;
  return `c:${e.status}:${e.timestamp}:${e.qrCode ? e.qrCode.length : 0}`;
}

/** Seconds or milliseconds since the epoch (as providers send them) to an ISO date; now when missing. */
export function isoDeEpoch(v: unknown): string {
  const n = typeof v === "string" ? Number(v) : typeof v === "number" ? v : Number.NaN;
  if (!Number.isFinite(n) || n <= 0) return new Date().toISOString();
  return new Date(n < 1e12 ? n * 1000 : n).toISOString();
}
