import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local OpenAI-compatible server for tests (ARCHITECTURE §8): POST /v1/chat/completions and GET /v1/models with
 * the real response shapes (choices[0].message.content, finish_reason, usage; errors as {error: {message, type,
 * param, code}}), a bearer key check, and a script per test: what to answer, in order.
 */
type TRespostaRoteiro =
  /** answers this object as the message content (JSON text) */
  | { json: unknown; finish?: "stop" | "length" }
  /** answers this raw content (malformed JSON, prose, truncated text) */
  | { conteudo: string; finish?: "stop" | "length" }
  /** an HTTP error with OpenAI's error body */
  | { status: number; mensagem?: string }
  /** waits, then answers (timeouts); the client usually gives up first */
  | { atrasoMs: number; depois?: TRespostaRoteiro };

type TPedidoChat = {
  model: string;
  messages: { role: string; content: string }[];
  temperature?: number;
  max_tokens?: number;
  response_format?: { type: string; json_schema?: unknown };
  autorizacao: string | undefined;
};

export type TServidorOpenAi = {
  /** base URL as the settings take it: http://127.0.0.1:{port}/v1 */
  url: string;
  chave: string;
  pedidos: TPedidoChat[];
  /** the next answers, in order; when they run out, `padrao` answers */
  roteiro: (...respostas: TRespostaRoteiro[]) => void;
  /** computes the answer from the request, when no scripted one is left */
  padrao: (fn: (p: TPedidoChat) => TRespostaRoteiro) => void;
  /** which response_format types the "model" accepts (others get OpenAI's 400) */
  suporta: { json_schema: boolean; json_object: boolean };
  limpar: () => void;
  fechar: () => Promise<void>;
};

const duvidaPadrao: TRespostaRoteiro = {
  json: {
    decision: "duvidas",
    reason: "Falta informação",
    nextQuestion: "Você é aposentado(a) ou pensionista do INSS?",
    summary: "",
    facts: {},
  },
};

function ler(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const partes: Buffer[] = [];
    req.on("data", (c: Buffer) => partes.push(c));
    req.on("end", () => resolve(Buffer.concat(partes).toString("utf8")));
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, corpo: unknown) {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(corpo));
}

const erro = (mensagem: string, type: string, code: string | null = null, param: string | null = null) => ({
  error: { message: mensagem, type, param, code },
});

export async function iniciarServidorOpenAi(): Promise<TServidorOpenAi> {
  const chave = `sk-test-${randomBytes(8).toString("hex")}`;
  const fila: TRespostaRoteiro[] = [];
  let calcular: (p: TPedidoChat) => TRespostaRoteiro = () => duvidaPadrao;
  const s: Omit<TServidorOpenAi, "url" | "fechar"> = {
    chave,
    pedidos: [],
    roteiro: (...r) => fila.push(...r),
    padrao: (fn) => {
      calcular = fn;
    },
    suporta: { json_schema: true, json_object: true },
    limpar: () => {
      fila.length = 0;
      s.pedidos.length = 0;
      calcular = () => duvidaPadrao;
      s.suporta.json_schema = true;
      s.suporta.json_object = true;
    },
  };

  function responder(res: ServerResponse, pedido: TPedidoChat, r: TRespostaRoteiro) {
    if ("atrasoMs" in r) {
      const t = setTimeout(() => responder(res, pedido, r.depois ?? duvidaPadrao), r.atrasoMs);
      res.on("close", () => clearTimeout(t));
      return;
    }
    if ("status" in r) {
      const tipo = r.status >= 500 ? "server_error" : "invalid_request_error";
      return json(
        res,
        r.status,
        erro(r.mensagem ?? (r.status >= 500 ? "The server had an error while processing your request." : "Bad request"), tipo),
      );
    }
    const conteudo = "json" in r ? JSON.stringify(r.json) : r.conteudo;
    const prompt = pedido.messages.reduce((n, m) => n + Math.ceil((m.content ?? "").length / 4), 0);
    const completion = Math.ceil(conteudo.length / 4);
    json(res, 200, {
      id: `chatcmpl-${randomBytes(12).toString("hex")}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: pedido.model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: conteudo, refusal: null },
          logprobs: null,
          finish_reason: r.finish ?? "stop",
        },
      ],
      usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
      system_fingerprint: "fp_teste",
    });
  }

  const servidor = createServer(async (req, res) => {
    const autorizacao = req.headers.authorization;
    if (autorizacao !== `Bearer ${chave}`)
      return json(res, 401, erro("Incorrect API key provided.", "invalid_request_error", "invalid_api_key"));
    if (req.method === "GET" && req.url === "/v1/models") {
      return json(res, 200, {
        object: "list",
        data: ["gpt-3.5-turbo", "gpt-4", "gpt-4-turbo"].map((id) => ({
          id,
          object: "model",
          created: 1_700_000_000,
          owned_by: "teste",
        })),
      });
    }
    if (req.method !== "POST" || req.url !== "/v1/chat/completions")
      return json(res, 404, erro("Not found", "invalid_request_error"));
    const corpo = JSON.parse(await ler(req));
    const pedido: TPedidoChat = { ...corpo, autorizacao };
    s.pedidos.push(pedido);
    const formato = pedido.response_format?.type;
    if ((formato === "json_schema" && !s.suporta.json_schema) || (formato === "json_object" && !s.suporta.json_object)) {
      return json(
        res,
        400,
        erro(
          `Invalid parameter: 'response_format' of type '${formato}' is not supported with this model.`,
          "invalid_request_error",
          null,
          "response_format",
        ),
      );
    }
    responder(res, pedido, fila.shift() ?? calcular(pedido));
  });
  await new Promise<void>((r) => servidor.listen(0, "127.0.0.1", r));
  const { port } = servidor.address() as AddressInfo;
  return {
    ...s,
    url: `http://127.0.0.1:${port}/v1`,
    fechar: () =>
      new Promise<void>((r) => {
        servidor.closeAllConnections();
        servidor.close(() => r());
      }),
  } as TServidorOpenAi;
}
