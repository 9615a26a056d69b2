import { lerReferral, type TReferral } from "@crm/domain/attribution";
import { MSG } from "@crm/domain/messages";
import type { TConfigWhatsApp } from "../providers/company-config.js";
import { isoDeEpoch, type TEvento, type TEventoMensagem } from "../providers/events.js";
import { mesmoToken } from "../providers/signature.js";
import { ErroPayload } from "./parse-official.js";

export type TObj = Record<string, unknown>;
const obj = (v: unknown): TObj | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as TObj) : null);
const str = (v: unknown): string | null => (typeof v === "string" && v ? v : typeof v === "number" ? String(v) : null);
const itens = (v: unknown): TObj[] => (Array.isArray(v) ? v : [v]).map(obj).filter((x): x is TObj => !!x);

/** messages.update status names of the gateway → ours (PENDING and DELETED tell nothing about delivery). */
export const STATUS_GATEWAY: Record<string, "sent" | "delivered" | "read" | "failed"> = {
  SERVER_ACK: "sent",
  DELIVERY_ACK: "delivered",
  READ: "read",
  PLAYED: "read",
  ERROR: "failed",
};

/** The phone of a private chat's JID; null for groups, broadcasts and LIDs without a phone. */
function telefoneDoJid(key: TObj): string | null {
  const jid = str(key.remoteJid) ?? "";
  if (jid.endsWith("@s.whatsapp.net") || jid.endsWith("@c.us")) return jid.split("@")[0].split(":")[0];
  const alt = str(key.remoteJidAlt) ?? str(key.senderPn);
  return alt?.endsWith("@s.whatsapp.net") ? alt.split("@")[0] : null;
}

function conteudo(m: TObj): Pick<TEventoMensagem, "messageType" | "texto" | "midia"> {
  const msg = obj(m.message) ?? {};
  if (str(msg.conversation)) return { messageType: "text", texto: str(msg.conversation) as string, midia: null };
  const ext = obj(msg.extendedTextMessage);
  if (ext) return { messageType: "text", texto: str(ext.text) ?? "", midia: null };
  const doc = obj(msg.documentMessage) ?? obj(obj(obj(msg.documentWithCaptionMessage)?.message)?.documentMessage);
  const midias: [string, TObj | null][] = [
    ["image", obj(msg.imageMessage)],
    ["document", doc],
    ["audio", obj(msg.audioMessage)],
    ["video", obj(msg.videoMessage)],
    ["sticker", obj(msg.stickerMessage)],
  ];
  for (const [tipo, m2] of midias) {
    if (!m2) continue;
    const tamanho = Number(m2.fileLength);
    return {
      messageType: tipo as TEventoMensagem["messageType"],
      texto: str(m2.caption) ?? "",
      // the gateway downloads by message key (chat/getBase64FromMediaMessage)
      midia: {
        ref: str(obj(m.key)?.id) as string,
        mime: str(m2.mimetype)?.split(";")[0] ?? null,
        nome: str(m2.fileName),
        tamanho: Number.isFinite(tamanho) ? tamanho : null,
      },
    };
  }
  const loc = obj(msg.locationMessage);
  if (loc) return { messageType: "location", texto: `(${loc.degreesLatitude}, ${loc.degreesLongitude})`, midia: null };
  if (obj(msg.contactMessage))
    return { messageType: "contacts", texto: str(obj(msg.contactMessage)?.displayName) ?? "", midia: null };
  return { messageType: "unsupported", texto: "", midia: null };
}

/**
 * The click-to-WhatsApp ad of a gateway message (decision 1212): Baileys' `contextInfo.externalAdReply`
 * (ExternalAdReplyInfo: title, body, mediaType, thumbnailUrl, sourceType, sourceId, sourceUrl, ctwaClid), found on
 * the record (Evolution copies contextInfo there) or on the message's own content, in the Cloud API's field names.
 */
function referralDoRegistro(m: TObj): TReferral | null {
  const msg = obj(m.message) ?? {};
  const contextos = [obj(m.contextInfo), ...Object.values(msg).map((c) => obj(obj(c)?.contextInfo))];
  const ad = contextos.map((c) => obj(c?.externalAdReply)).find((x) => !!x);
  if (!ad) return null;
  const tipoMidia =
    ad.mediaType === 1 || ad.mediaType === "IMAGE" ? "image" : ad.mediaType === 2 || ad.mediaType === "VIDEO" ? "video" : null;
  return lerReferral({
    source_url: ad.sourceUrl,
    source_id: ad.sourceId,
    source_type: ad.sourceType,
    headline: ad.title,
    body: ad.body,
    media_type: tipoMidia,
    image_url: tipoMidia === "image" ? ad.mediaUrl : null,
    video_url: tipoMidia === "video" ? ad.mediaUrl : null,
    thumbnail_url: ad.thumbnailUrl,
    ctwa_clid: ad.ctwaClid,
  });
}

/**
 * One message as the gateway describes it, in a messages.upsert delivery's `data` or a findMessages record (the
 * same fields: prepareMessage in the gateway's whatsapp.baileys.service.ts builds both): null for groups, status
 * broadcasts and LIDs without a phone. A message without a key id is malformed.
 */
export function mensagemDoRegistro(m: TObj): TEventoMensagem | null {
  const key = obj(m.key);
  const id = str(key?.id);
  if (!key || !id) throw new ErroPayload(400, MSG.requisicaoInvalida);
  const telefone = telefoneDoJid(key);
  if (!telefone) return null;
  const deMim = key.fromMe === true;
  return {
    tipo: "mensagem",
    providerId: id,
    telefone,
    // the gateway names our own messages 'Você'
    nome: deMim ? null : str(m.pushName),
    direcao: deMim ? "saida" : "entrada",
    timestamp: isoDeEpoch(m.messageTimestamp),
    ...conteudo(m),
    referral: deMim ? null : referralDoRegistro(m),
  };
}

/**
 * Who may deliver for a company (decision 0407). The URL's secret token chose the company before this is called;
 * the envelope must name the company's instance. Its `apikey` is what the gateway's sendDataWebhook puts there: the
 * instance's own token when the gateway runs with AUTHENTICATION_EXPOSE_IN_FETCH_INSTANCES=true, null otherwise.
 * It is compared only when present and when the key saved in the settings is known (from the gateway itself, see
 * gateway-key.ts) to be that instance's token: the global key an admin usually saves never equals it.
 */
function autenticarEntrega(raiz: TObj, cfg: TConfigWhatsApp): void {
  if (str(raiz.instance) !== cfg.unofficial.instancia) throw new ErroPayload(403, MSG.acessoNegado);
  const apikey = str(raiz.apikey);
  if (apikey && cfg.unofficial.chaveEDaInstancia && !mesmoToken(apikey, cfg.unofficial.apiKey))
    throw new ErroPayload(401, MSG.acessoNegado);
}

/** Reads an Evolution API v2 webhook: {event, instance, data, apikey, ...} (webhook.controller.ts `emit`). */
export function lerWebhookNaoOficial(corpo: unknown, cfg: TConfigWhatsApp): TEvento[] {
  const raiz = obj(corpo);
  const evento = str(raiz?.event)?.toLowerCase().replace(/_/g, ".");
  if (!raiz || !evento || raiz.data === undefined) throw new ErroPayload(400, MSG.requisicaoInvalida);
  autenticarEntrega(raiz, cfg);
  const quando = raiz.date_time ? new Date(String(raiz.date_time)).toISOString() : new Date().toISOString();
  const eventos: TEvento[] = [];

  if (evento === "messages.upsert") {
    for (const m of itens(raiz.data)) {
      const e = mensagemDoRegistro(m);
      if (e) eventos.push(e);
    }
  } else if (evento === "messages.update") {
    for (const u of itens(raiz.data)) {
      const id = str(u.keyId) ?? str(obj(u.key)?.id);
      const status = STATUS_GATEWAY[str(u.status) ?? ""];
      if (!id) throw new ErroPayload(400, MSG.requisicaoInvalida);
      if (!status || u.fromMe === false) continue;
      eventos.push({
        tipo: "status",
        providerId: id,
        status,
        timestamp: quando,
        erro: status === "failed" ? MSG.whatsappErroEnviarMensagem : null,
      });
    }
  } else if (evento === "connection.update") {
    const d = obj(raiz.data) ?? {};
    const estado = str(d.state);
    if (estado === "open" || estado === "close") {
      eventos.push({
        tipo: "conexao",
        status: estado === "open" ? "connected" : "disconnected",
        qrCode: null,
        motivo: estado === "close" && d.statusReason ? `Conexão encerrada pelo WhatsApp (código ${d.statusReason})` : null,
        timestamp: quando,
      });
    }
  } else if (evento === "qrcode.updated") {
    const q = obj(obj(raiz.data)?.qrcode) ?? obj(raiz.data) ?? {};
    const qr = str(q.base64) ?? str(q.code);
    if (qr) eventos.push({ tipo: "conexao", status: "qr_ready", qrCode: qr, motivo: null, timestamp: quando });
  }
  return eventos;
}
