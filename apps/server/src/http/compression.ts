import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const LIMIAR_COMPRESSAO = 1024;

const ehStream = (payload: unknown) => typeof (payload as { pipe?: unknown } | null)?.pipe === "function";

/**
 * API answers above ~1 KB are compressed (brotli or gzip, as the browser asks; `Vary: Accept-Encoding`). Streams are
 * never compressed: documents and media go out as stored (with their length, most already compressed formats), and
 * the built web's files are already precompressed (http/static.ts). WebSocket upgrades never pass through here.
 */
export async function registrarCompressao(app: FastifyInstance) {
  // runs before the compress plugin's own onSend (app hooks come before route hooks): a stream opts out
  app.addHook("onSend", async (req, _reply, payload) => {
    if (ehStream(payload)) req.headers["x-no-compression"] = "1";
    return payload;
  });
  await app.register(compress, {
    threshold: LIMIAR_COMPRESSAO,
    encodings: ["br", "gzip"],
    // fast settings: an answer is compressed on every request (the web's files are compressed once, at build)
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

/** How much a coding is wanted in Accept-Encoding (RFC 9110 §12.5.3): its q, or `*`'s, or 0 when not named. */
function qDe(aceitas: string, codificacao: string): number {
  let estrela = 0;
  for (const parte of aceitas.split(",")) {
    const [nome, ...params] = parte.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const valor = q ? Number(q.slice(2)) : 1;
    if (nome === codificacao) return Number.isFinite(valor) ? valor : 0;
    if (nome === "*") estrela = Number.isFinite(valor) ? valor : 0;
  }
  return estrela;
}

/**
 * A JSON answer compressed at once, in this turn of the event loop (the public API, decision 1952): brotli at
 * quality 1 or gzip at level 1, the client's pick (brotli when both), above `LIMIAR_COMPRESSAO`. A 100-lead page
 * (35 KB) costs a fraction of what the compress plugin's stream (brotli 4, gzip 6) costs it, for a few % more
 * bytes. The request must have been marked `x-no-compression` before the plugin's onSend (see `semCompressaoDoPlugin`).
 */
export function comprimirNaHora(req: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader("content-encoding") || Buffer.byteLength(payload) < LIMIAR_COMPRESSAO) return payload;
  reply.header("vary", "accept-encoding");
  const aceitas = String(req.headers["accept-encoding"] ?? "");
  const br = qDe(aceitas, "br");
  const gzip = qDe(aceitas, "gzip");
  if (br <= 0 && gzip <= 0) return payload;
  reply.removeHeader("content-length");
  if (br > 0 && br >= gzip) {
    reply.header("content-encoding", "br");
    return brotliCompressSync(payload, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } });
  }
  reply.header("content-encoding", "gzip");
  return gzipSync(payload, { level: 1 });
}

/** The compress plugin leaves this request's answer alone (it is compressed by `comprimirNaHora`). */
export function semCompressaoDoPlugin(req: FastifyRequest): void {
  req.headers["x-no-compression"] = "1";
}
