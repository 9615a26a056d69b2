import { randomBytes } from "node:crypto";
import { iniciarServidorFalso, type TPedidoRecebido, type TServidorFalso } from "./fake-http";

/**
 * A local server shaped like an Evolution API v2 gateway: `apikey` header, instance in the path, answers as
 * the gateway does. `estado` is the instance's session state ('open' once the QR code was scanned).
 */
export type TEvolutionFalsa = TServidorFalso & {
  apiKey: string;
  instancia: string;
  estado: { atual: "open" | "close" | "connecting" };
  /** the gateway answers instance/connect without a code (to see 'Erro ao gerar QR Code') */
  semQr: { ativo: boolean };
  /** files the gateway returns by message id (chat/getBase64FromMediaMessage) */
  midias: Map<string, { dados: Buffer; mime: string; nome?: string }>;
  enviados: () => TPedidoRecebido[];
};

export async function iniciarEvolutionFalsa(opts: { apiKey?: string; instancia?: string } = {}): Promise<TEvolutionFalsa> {
  const apiKey = opts.apiKey ?? "B6D711FCDE4D4FD5936544120E713976";
  const instancia = opts.instancia ?? "revisao-teste";
  const estado = { atual: "open" as "open" | "close" | "connecting" };
  const semQr = { ativo: false };
  const midias = new Map<string, { dados: Buffer; mime: string; nome?: string }>();
  const autorizado = (p: TPedidoRecebido, inst: string) =>
    p.cabecalhos.apikey === apiKey && decodeURIComponent(inst) === instancia;
  const negado = { status: 401, json: { status: 401, error: "Unauthorized", response: { message: "Unauthorized" } } };
  const fechada = { status: 400, json: { status: 400, error: "Bad Request", response: { message: ["Connection Closed"] } } };
  const resposta = (p: TPedidoRecebido, message: unknown) => {
    const numero = (p.json as { number?: string }).number;
    return {
      status: 201,
      json: {
        key: { remoteJid: `${numero}@s.whatsapp.net`, fromMe: true, id: `BAE5${randomBytes(6).toString("hex").toUpperCase()}` },
        message,
        messageTimestamp: String(Math.floor(Date.now() / 1000)),
        status: "PENDING",
      },
    };
  };
  const servidor = await iniciarServidorFalso({
    "POST /message/sendText/([^/]+)": (p, [inst]) => {
      if (!autorizado(p, inst)) return negado;
      if (estado.atual !== "open") return fechada;
      return resposta(p, { extendedTextMessage: { text: (p.json as { text: string }).text } });
    },
    "POST /message/sendMedia/([^/]+)": (p, [inst]) => {
      if (!autorizado(p, inst)) return negado;
      if (estado.atual !== "open") return fechada;
      const j = p.json as { mediatype: string; mimetype: string; caption?: string; fileName?: string };
      return resposta(p, { [`${j.mediatype}Message`]: { mimetype: j.mimetype, caption: j.caption, fileName: j.fileName } });
    },
    "GET /instance/connectionState/([^/]+)": (p, [inst]) =>
      autorizado(p, inst) ? { json: { instance: { instanceName: instancia, state: estado.atual } } } : negado,
    "GET /instance/connect/([^/]+)": (p, [inst]) => {
      if (!autorizado(p, inst)) return negado;
      if (estado.atual === "open") return { json: { instance: { instanceName: instancia, state: "open" } } };
      if (semQr.ativo) return { json: { count: 0 } };
      estado.atual = "connecting";
      return { json: { pairingCode: "WZYEH1YY", code: `2@${randomBytes(24).toString("base64")},x,y,z`, count: 1 } };
    },
    "POST /chat/getBase64FromMediaMessage/([^/]+)": (p, [inst]) => {
      if (!autorizado(p, inst)) return negado;
      const id = (p.json as { message?: { key?: { id?: string } } }).message?.key?.id ?? "";
      const m = midias.get(id);
      if (!m) return { status: 400, json: { status: 400, error: "Bad Request", response: { message: ["Message not found"] } } };
      return {
        status: 201,
        json: { mediaType: "imageMessage", fileName: m.nome ?? null, mimetype: m.mime, base64: m.dados.toString("base64") },
      };
    },
  });
  return {
    ...servidor,
    apiKey,
    instancia,
    estado,
    semQr,
    midias,
    enviados: () => servidor.de(/^\/message\/send(Text|Media)\//),
  };
}

// ---------------------------------------------------------------- webhook payloads, as the gateway sends them

type TBase = { instancia: string; apiKey: string };
const envelope = (b: TBase, event: string, data: unknown) => ({
  event,
  instance: b.instancia,
  data,
  destination: "https://crm.exemplo.com.br/api/webhooks/whatsapp/token",
  date_time: new Date().toISOString(),
  sender: "5511940000000@s.whatsapp.net",
  server_url: "http://localhost:8080",
  apikey: b.apiKey,
});

export function evolutionTexto(b: TBase & { de: string; id: string; nome?: string; texto: string; deMim?: boolean }) {
  return envelope(b, "messages.upsert", {
    key: { remoteJid: `${b.de}@s.whatsapp.net`, fromMe: !!b.deMim, id: b.id },
    pushName: b.nome ?? "Maria",
    status: "DELIVERY_ACK",
    message: { conversation: b.texto, messageContextInfo: {} },
    messageType: "conversation",
    messageTimestamp: Math.floor(Date.now() / 1000),
    instanceId: "af6c5b7c-ee27-4f94-9ea8-192393746ddd",
    source: "android",
  });
}

export function evolutionImagem(b: TBase & { de: string; id: string; nome?: string; legenda?: string }) {
  return envelope(b, "messages.upsert", {
    key: { remoteJid: `${b.de}@s.whatsapp.net`, fromMe: false, id: b.id },
    pushName: b.nome ?? "Maria",
    message: {
      imageMessage: {
        url: "https://mmg.whatsapp.net/o1/v/t62.7118-24/f1/m232/abc.enc",
        mimetype: "image/jpeg",
        caption: b.legenda ?? "",
        fileSha256: "x",
        fileLength: "2048",
        height: 100,
        width: 100,
        mediaKey: "y",
      },
    },
    messageType: "imageMessage",
    messageTimestamp: Math.floor(Date.now() / 1000),
    instanceId: "af6c5b7c-ee27-4f94-9ea8-192393746ddd",
    source: "android",
  });
}

export function evolutionDocumento(b: TBase & { de: string; id: string; arquivo: string }) {
  return envelope(b, "messages.upsert", {
    key: { remoteJid: `${b.de}@s.whatsapp.net`, fromMe: false, id: b.id },
    pushName: "Maria",
    message: {
      documentMessage: {
        url: "https://mmg.whatsapp.net/x.enc",
        mimetype: "application/pdf",
        title: b.arquivo,
        fileLength: "4096",
        pageCount: 1,
        fileName: b.arquivo,
      },
    },
    messageType: "documentMessage",
    messageTimestamp: Math.floor(Date.now() / 1000),
    instanceId: "af6c5b7c-ee27-4f94-9ea8-192393746ddd",
    source: "ios",
  });
}

export function evolutionStatus(
  b: TBase & { id: string; para: string; status: "SERVER_ACK" | "DELIVERY_ACK" | "READ" | "ERROR" },
) {
  return envelope(b, "messages.update", {
    messageId: `cm${randomBytes(8).toString("hex")}`,
    keyId: b.id,
    remoteJid: `${b.para}@s.whatsapp.net`,
    fromMe: true,
    participant: `${b.para}@s.whatsapp.net`,
    status: b.status,
    instanceId: "af6c5b7c-ee27-4f94-9ea8-192393746ddd",
  });
}

export function evolutionConexao(b: TBase & { state: "open" | "close" | "connecting"; statusReason?: number }) {
  return envelope(b, "connection.update", { instance: b.instancia, state: b.state, statusReason: b.statusReason ?? 200 });
}

export function evolutionQrCode(b: TBase & { code: string }) {
  return envelope(b, "qrcode.updated", { qrcode: { instance: b.instancia, pairingCode: "WZYEH1YY", code: b.code } });
}
