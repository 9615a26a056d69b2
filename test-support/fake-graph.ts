import { createHmac, randomBytes } from "node:crypto";
import { iniciarServidorFalso, type TPedidoRecebido, type TServidorFalso } from "./fake-http";

/**
 * A local server shaped like the WhatsApp Business Cloud API (Graph): it checks the bearer token, records
 * every request and answers as the documented API does. Numbers in `falhas` are refused with their Graph
 * error; `instavel` makes the next N sends answer 500 first (to see retries).
 */
export type TGraphFalso = TServidorFalso & {
  token: string;
  phoneNumberId: string;
  wabaId: string;
  falhas: Map<string, { code: number; message: string; status?: number }>;
  instavel: { restantes: number };
  /** files served by the media download URL, by media id */
  midias: Map<string, { dados: Buffer; mime: string }>;
  /** more message templates of the business account (as Graph lists them), after the two every test sees */
  outrosModelos: Record<string, unknown>[];
  enviados: () => TPedidoRecebido[];
};

export async function iniciarGraphFalso(
  opts: { token?: string; phoneNumberId?: string; wabaId?: string; versao?: string } = {},
): Promise<TGraphFalso> {
  const token = opts.token ?? "EAAG-teste-token";
  const phoneNumberId = opts.phoneNumberId ?? "106540352242922";
  const wabaId = opts.wabaId ?? "102290129340398";
  const versao = opts.versao ?? "v25.0";
  const falhas = new Map<string, { code: number; message: string; status?: number }>();
  const instavel = { restantes: 0 };
  const midias = new Map<string, { dados: Buffer; mime: string }>();
  const outrosModelos: Record<string, unknown>[] = [];
  let seq = 0;
  const autorizado = (p: TPedidoRecebido) => p.cabecalhos.authorization === `Bearer ${token}`;
  const negado = {
    status: 401,
    json: {
      error: {
        message: "Invalid OAuth access token - Cannot parse access token",
        type: "OAuthException",
        code: 190,
        fbtrace_id: "AbCdEf",
      },
    },
  };
  let base = "";
  const servidor = await iniciarServidorFalso({
    [`POST /${versao}/(\\d+)/messages`]: (p, [id]) => {
      if (!autorizado(p)) return negado;
      if (id !== phoneNumberId) return { status: 400, json: { error: { message: "Unsupported post request", code: 100 } } };
      const corpo = p.json as { to?: string; messaging_product?: string };
      if (instavel.restantes > 0) {
        instavel.restantes--;
        return { status: 500, json: { error: { message: "Service temporarily unavailable", code: 131016 } } };
      }
      const falha = falhas.get(corpo.to ?? "");
      if (falha)
        return {
          status: falha.status ?? 400,
          json: { error: { message: falha.message, type: "OAuthException", code: falha.code, fbtrace_id: "X" } },
        };
      return {
        json: {
          messaging_product: "whatsapp",
          contacts: [{ input: corpo.to, wa_id: corpo.to }],
          messages: [{ id: `wamid.HBgM${++seq}${randomBytes(6).toString("hex").toUpperCase()}` }],
        },
      };
    },
    [`POST /${versao}/(\\d+)/media`]: (p) => {
      if (!autorizado(p)) return negado;
      const id = `${9000000000 + ++seq}`;
      return { json: { id } };
    },
    [`GET /${versao}/(\\d+)`]: (p, [id]) => {
      if (!autorizado(p)) return negado;
      if (id === phoneNumberId)
        return {
          json: { verified_name: "Revisão Teste", display_phone_number: "+55 11 4000-0000", quality_rating: "GREEN", id },
        };
      const midia = midias.get(id);
      if (midia)
        return {
          json: {
            messaging_product: "whatsapp",
            url: `${base}/midia/${id}`,
            mime_type: midia.mime,
            sha256: "x",
            file_size: midia.dados.length,
            id,
          },
        };
      return {
        status: 400,
        json: { error: { message: `Unsupported get request. Object with ID '${id}' does not exist`, code: 100 } },
      };
    },
    [`GET /${versao}/(\\d+)/message_templates`]: (p, [id]) => {
      if (!autorizado(p)) return negado;
      if (id !== wabaId) return { status: 400, json: { error: { message: "Unsupported get request", code: 100 } } };
      return {
        json: {
          data: [
            {
              name: "retomar_contato",
              language: "pt_BR",
              status: "APPROVED",
              category: "MARKETING",
              components: [{ type: "BODY", text: "Olá {{1}}, ainda podemos revisar seu contrato. Podemos conversar?" }],
              id: "1",
            },
            {
              name: "rascunho",
              language: "pt_BR",
              status: "PENDING",
              category: "UTILITY",
              components: [{ type: "BODY", text: "x" }],
              id: "2",
            },
            ...outrosModelos,
          ],
          paging: { cursors: { before: "a", after: "b" } },
        },
      };
    },
    "GET /midia/(\\d+)": (p, [id]) => {
      if (!autorizado(p)) return negado;
      const m = midias.get(id);
      return m ? { corpo: m.dados, tipo: m.mime } : { status: 404, json: {} };
    },
  });
  base = servidor.url;
  return {
    ...servidor,
    token,
    phoneNumberId,
    wabaId,
    falhas,
    instavel,
    midias,
    outrosModelos,
    enviados: () => servidor.de(new RegExp(`^/${versao}/${phoneNumberId}/messages$`)),
  };
}

// ---------------------------------------------------------------- webhook payloads, as Meta documents them

type TBase = { phoneNumberId: string; wabaId?: string };
const envelope = (b: TBase, value: Record<string, unknown>, field = "messages") => ({
  object: "whatsapp_business_account",
  entry: [
    {
      id: b.wabaId ?? "102290129340398",
      changes: [
        {
          value: {
            messaging_product: "whatsapp",
            metadata: { display_phone_number: "15550783881", phone_number_id: b.phoneNumberId },
            ...value,
          },
          field,
        },
      ],
    },
  ],
});
const agoraS = () => String(Math.floor(Date.now() / 1000));

export type TMensagemWebhook = TBase & { de: string; nome?: string; id: string; timestamp?: string };

export function webhookTexto(m: TMensagemWebhook & { texto: string }) {
  return envelope(m, {
    contacts: [{ profile: { name: m.nome ?? "Kerry Fisher" }, wa_id: m.de }],
    messages: [{ from: m.de, id: m.id, timestamp: m.timestamp ?? agoraS(), text: { body: m.texto }, type: "text" }],
  });
}

export function webhookImagem(m: TMensagemWebhook & { mediaId: string; legenda?: string; mime?: string }) {
  return envelope(m, {
    contacts: [{ profile: { name: m.nome ?? "Kerry Fisher" }, wa_id: m.de }],
    messages: [
      {
        from: m.de,
        id: m.id,
        timestamp: m.timestamp ?? agoraS(),
        type: "image",
        image: { caption: m.legenda, mime_type: m.mime ?? "image/jpeg", sha256: "IMAGE_HASH", id: m.mediaId },
      },
    ],
  });
}

export function webhookDocumento(m: TMensagemWebhook & { mediaId: string; arquivo: string; legenda?: string; mime?: string }) {
  return envelope(m, {
    contacts: [{ profile: { name: m.nome ?? "Kerry Fisher" }, wa_id: m.de }],
    messages: [
      {
        from: m.de,
        id: m.id,
        timestamp: m.timestamp ?? agoraS(),
        type: "document",
        document: {
          caption: m.legenda,
          filename: m.arquivo,
          mime_type: m.mime ?? "application/pdf",
          sha256: "DOC_HASH",
          id: m.mediaId,
        },
      },
    ],
  });
}

export function webhookStatus(
  b: TBase & {
    id: string;
    status: "sent" | "delivered" | "read" | "failed";
    para: string;
    timestamp?: string;
    erro?: { code: number; title: string; details: string };
  },
) {
  const s: Record<string, unknown> = {
    id: b.id,
    status: b.status,
    timestamp: b.timestamp ?? agoraS(),
    recipient_id: b.para,
  };
  if (b.status !== "failed")
    Object.assign(s, {
      conversation: { id: "CONVERSATION_ID", origin: { type: "service" } },
      pricing: { billable: true, pricing_model: "CBP", category: "service" },
    });
  else
    s.errors = [
      {
        code: b.erro?.code ?? 131047,
        title: b.erro?.title ?? "Re-engagement message",
        message: b.erro?.title ?? "Re-engagement message",
        error_data: {
          details:
            b.erro?.details ??
            "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
        },
        href: "https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/",
      },
    ];
  return envelope(b, { statuses: [s] });
}

/** smb_message_echoes: a message the business sent from the WhatsApp Business app on the same number. */
export function webhookEco(b: TBase & { para: string; id: string; texto: string; timestamp?: string }) {
  return envelope(
    b,
    {
      message_echoes: [
        { from: "15550783881", to: b.para, id: b.id, timestamp: b.timestamp ?? agoraS(), type: "text", text: { body: b.texto } },
      ],
    },
    "smb_message_echoes",
  );
}

export function assinarGraph(corpo: string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(corpo).digest("hex")}`;
}
