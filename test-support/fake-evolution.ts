import { randomBytes } from "node:crypto";
import { iniciarServidorFalso, type TPedidoRecebido, type TResposta, type TServidorFalso } from "./fake-http";

/**
 * One message as an Evolution API v2 gateway stores it (prisma `Message`, filled by `prepareMessage` in
 * whatsapp.baileys.service.ts) and as `POST /chat/findMessages/{instance}` selects it: the webhook's
 * messages.upsert `data` has the same fields.
 */
export type TRegistroEvolution = {
  id: string;
  key: { remoteJid: string; fromMe: boolean; id: string; participant?: string };
  pushName: string | null;
  messageType: string;
  message: Record<string, unknown>;
  messageTimestamp: number;
  instanceId: string;
  source: "android" | "ios" | "web" | "unknown" | "desktop";
  contextInfo: Record<string, unknown> | null;
  MessageUpdate: { status: string }[];
};

/**
 * A local server shaped like an Evolution API v2 gateway: `apikey` header (the global key of the gateway, or the
 * instance's own token), instance in the path, answers as the gateway does. `estado` is the instance's session
 * state ('open' once the QR code was scanned). Like the real gateway (with DATABASE_SAVE_DATA_NEW_MESSAGE=true) it
 * keeps every message it received or sent in `historico`, read back by `POST /chat/findMessages/{instance}`.
 */
export type TEvolutionFalsa = TServidorFalso & {
  /** the gateway's global key (AUTHENTICATION_API_KEY): what most admins type in 'API Key' */
  apiKey: string;
  /** the instance's own token (Instance.token, the `hash` shown when it was created) */
  tokenInstancia: string;
  instancia: string;
  estado: { atual: "open" | "close" | "connecting" };
  /** the gateway answers instance/connect without a code (to see 'Erro ao gerar QR Code') */
  semQr: { ativo: boolean };
  /** files the gateway returns by message id (chat/getBase64FromMediaMessage) */
  midias: Map<string, { dados: Buffer; mime: string; nome?: string }>;
  /** the messages the gateway stored, as findMessages returns them */
  historico: TRegistroEvolution[];
  /** findMessages answers this status instead (a gateway without its database, a restart) */
  falhaHistorico: { status: number | null };
  /** connectionState answers this status instead (a gateway down or rate-limiting: 429, 502…) */
  falhaEstado: { status: number | null };
  /** the connection checks the gateway received (connectionState) */
  verificacoes: () => TPedidoRecebido[];
  enviados: () => TPedidoRecebido[];
};

export async function iniciarEvolutionFalsa(
  opts: { apiKey?: string; tokenInstancia?: string; instancia?: string } = {},
): Promise<TEvolutionFalsa> {
  const apiKey = opts.apiKey ?? "B6D711FCDE4D4FD5936544120E713976";
  const tokenInstancia = opts.tokenInstancia ?? "0C6F2B7E-93A1-4D7B-A9B2-5E1F7C3D8A41";
  const instancia = opts.instancia ?? "revisao-teste";
  const instanceId = "af6c5b7c-ee27-4f94-9ea8-192393746ddd";
  const estado = { atual: "open" as "open" | "close" | "connecting" };
  const semQr = { ativo: false };
  const falhaHistorico = { status: null as number | null };
  const falhaEstado = { status: null as number | null };
  const midias = new Map<string, { dados: Buffer; mime: string; nome?: string }>();
  const historico: TRegistroEvolution[] = [];
  // auth.guard.ts: the global key, or the token of the instance named in the path
  const autorizado = (p: TPedidoRecebido, inst: string) =>
    (p.cabecalhos.apikey === apiKey || p.cabecalhos.apikey === tokenInstancia) && decodeURIComponent(inst) === instancia;
  const negado = { status: 401, json: { status: 401, error: "Unauthorized", response: { message: "Unauthorized" } } };
  const fechada = { status: 400, json: { status: 400, error: "Bad Request", response: { message: ["Connection Closed"] } } };
  const resposta = (p: TPedidoRecebido, messageType: string, message: Record<string, unknown>) => {
    const numero = (p.json as { number?: string }).number;
    const r: TRegistroEvolution = {
      id: `cm${randomBytes(10).toString("hex")}`,
      key: { remoteJid: `${numero}@s.whatsapp.net`, fromMe: true, id: `BAE5${randomBytes(6).toString("hex").toUpperCase()}` },
      pushName: "Você",
      messageType,
      message,
      messageTimestamp: Math.floor(Date.now() / 1000),
      instanceId,
      source: "unknown",
      contextInfo: null,
      MessageUpdate: [],
    };
    historico.push(r);
    const { id: _id, MessageUpdate: _u, instanceId: _i, source: _s, contextInfo: _c, ...enviado } = r;
    return {
      status: 201,
      json: { ...enviado, messageTimestamp: String(r.messageTimestamp), status: "PENDING" },
    };
  };
  const servidor = await iniciarServidorFalso({
    "POST /message/sendText/([^/]+)": (p, [inst]) => {
      if (!autorizado(p, inst)) return negado;
      if (estado.atual !== "open") return fechada;
      return resposta(p, "conversation", { conversation: (p.json as { text: string }).text });
    },
    "POST /message/sendMedia/([^/]+)": (p, [inst]) => {
      if (!autorizado(p, inst)) return negado;
      if (estado.atual !== "open") return fechada;
      const j = p.json as { mediatype: string; mimetype: string; caption?: string; fileName?: string };
      return resposta(p, `${j.mediatype}Message`, {
        [`${j.mediatype}Message`]: { mimetype: j.mimetype, caption: j.caption, fileName: j.fileName },
      });
    },
    "GET /instance/connectionState/([^/]+)": (p, [inst]) => {
      if (!autorizado(p, inst)) return negado;
      if (falhaEstado.status) return { status: falhaEstado.status, json: { status: falhaEstado.status, error: "x" } };
      return { json: { instance: { instanceName: instancia, state: estado.atual } } };
    },
    // instance.controller.ts fetchInstances: the global key sees every instance, an instance token only its own;
    // each row is the prisma Instance, token included
    "GET /instance/fetchInstances": (p) => {
      const chave = p.cabecalhos.apikey;
      const nome = p.consulta.get("instanceName");
      if (chave !== apiKey && chave !== tokenInstancia) return negado;
      if (nome && nome !== instancia) return chave === apiKey ? { json: [] } : negado;
      return {
        json: [
          {
            id: instanceId,
            name: instancia,
            connectionStatus: estado.atual,
            ownerJid: "5511940000000@s.whatsapp.net",
            profileName: "Revisão Teste",
            profilePicUrl: null,
            integration: "WHATSAPP-BAILEYS",
            number: null,
            businessId: null,
            token: tokenInstancia,
            clientName: "evolution_exchange",
            disconnectionReasonCode: null,
            disconnectionObject: null,
            disconnectionAt: null,
            createdAt: "2025-10-01T12:00:00.000Z",
            updatedAt: "2025-10-01T12:00:00.000Z",
            Chatwoot: null,
            Proxy: null,
            Rabbitmq: null,
            Nats: null,
            Sqs: null,
            Websocket: null,
            Setting: { rejectCall: false, groupsIgnore: true, alwaysOnline: false, readMessages: false },
            _count: { Message: historico.length, Contact: 0, Chat: 0 },
          },
        ],
      };
    },
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
    "POST /chat/findMessages/([^/]+)": (p, [inst]) => {
      if (!autorizado(p, inst)) return negado;
      if (falhaHistorico.status) return { status: falhaHistorico.status, json: { status: falhaHistorico.status, error: "x" } };
      return acharMensagens(historico, (p.json ?? {}) as TConsultaMensagens);
    },
  });
  return {
    ...servidor,
    apiKey,
    tokenInstancia,
    instancia,
    estado,
    semQr,
    midias,
    historico,
    falhaHistorico,
    falhaEstado,
    verificacoes: () => servidor.de(/^\/instance\/connectionState\//),
    enviados: () => servidor.de(/^\/message\/send(Text|Media)\//),
  };
}

type TConsultaMensagens = {
  where?: {
    key?: { id?: string; fromMe?: boolean; remoteJid?: string };
    messageType?: string;
    messageTimestamp?: { gte?: string | number; lte?: string | number };
  };
  page?: number;
  offset?: number;
};

/**
 * channel.service.ts / whatsapp.baileys.service.ts `fetchMessages`: key filters (fromMe only when true: the gateway
 * tests it for truthiness), a time range only when both gte and lte are given (dates, compared in seconds), newest
 * first, `offset` is the page size (50 by default) and `page` starts at 1.
 */
function acharMensagens(historico: TRegistroEvolution[], q: TConsultaMensagens): TResposta {
  const w = q.where ?? {};
  const k = w.key ?? {};
  const ts = w.messageTimestamp;
  const faixa =
    ts?.gte && ts?.lte ? [Math.floor(new Date(ts.gte).getTime() / 1000), Math.floor(new Date(ts.lte).getTime() / 1000)] : null;
  const achados = historico
    .filter(
      (r) =>
        (!k.id || r.key.id === k.id) &&
        (!k.fromMe || r.key.fromMe === k.fromMe) &&
        (!k.remoteJid || r.key.remoteJid === k.remoteJid) &&
        (!w.messageType || r.messageType === w.messageType) &&
        (!faixa || (r.messageTimestamp >= faixa[0] && r.messageTimestamp <= faixa[1])),
    )
    .sort((a, b) => b.messageTimestamp - a.messageTimestamp);
  const offset = q.offset || 50;
  const page = q.page || 1;
  const inicio = offset * (page === 1 ? 0 : page - 1);
  return {
    status: 200,
    json: {
      messages: {
        total: achados.length,
        pages: Math.ceil(achados.length / offset),
        currentPage: page,
        records: achados.slice(inicio, inicio + offset),
      },
    },
  };
}

// ---------------------------------------------------------------- messages and webhook payloads, as the gateway builds them

/**
 * The envelope of webhook.controller.ts `emit`. `apikey` is what channel.service.ts `sendDataWebhook` puts there:
 * the instance's token when the gateway runs with AUTHENTICATION_EXPOSE_IN_FETCH_INSTANCES=true, null otherwise.
 */
type TBase = { instancia: string; apiKey: string | null };
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

/** A stored message's fields as messages.upsert sends them (the webhook has no database id nor MessageUpdate). */
const paraWebhook = (r: TRegistroEvolution) => {
  const { id: _id, MessageUpdate: _u, ...data } = r;
  return { ...data, status: r.key.fromMe ? "SERVER_ACK" : "DELIVERY_ACK" };
};

const base = (
  b: { de: string; id: string; nome?: string; deMim?: boolean; quando?: number },
  messageType: string,
  message: Record<string, unknown>,
  source: TRegistroEvolution["source"] = "android",
): TRegistroEvolution => ({
  id: `cm${randomBytes(10).toString("hex")}`,
  key: { remoteJid: `${b.de}@s.whatsapp.net`, fromMe: !!b.deMim, id: b.id },
  pushName: b.deMim ? "Você" : (b.nome ?? "Maria"),
  messageType,
  message,
  messageTimestamp: b.quando ?? Math.floor(Date.now() / 1000),
  instanceId: "af6c5b7c-ee27-4f94-9ea8-192393746ddd",
  source,
  contextInfo: null,
  MessageUpdate: [],
});

type TTexto = { de: string; id: string; nome?: string; texto: string; deMim?: boolean; quando?: number };

/** A text message as stored (prepareMessage turns extendedTextMessage into conversation). */
export const registroTexto = (b: TTexto) => base(b, "conversation", { conversation: b.texto, messageContextInfo: {} });

export const evolutionTexto = (b: TBase & TTexto) => envelope(b, "messages.upsert", paraWebhook(registroTexto(b)));

/** The messages.upsert of a message the gateway stored (what it posted, or would have posted, for it). */
export const evolutionDoRegistro = (b: TBase, r: TRegistroEvolution) => envelope(b, "messages.upsert", paraWebhook(r));

export function evolutionImagem(b: TBase & { de: string; id: string; nome?: string; legenda?: string }) {
  return envelope(
    b,
    "messages.upsert",
    paraWebhook(
      base(b, "imageMessage", {
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
      }),
    ),
  );
}

export function evolutionDocumento(b: TBase & { de: string; id: string; arquivo: string }) {
  return envelope(
    b,
    "messages.upsert",
    paraWebhook(
      base(
        b,
        "documentMessage",
        {
          documentMessage: {
            url: "https://mmg.whatsapp.net/x.enc",
            mimetype: "application/pdf",
            title: b.arquivo,
            fileLength: "4096",
            pageCount: 1,
            fileName: b.arquivo,
          },
        },
        "ios",
      ),
    ),
  );
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
