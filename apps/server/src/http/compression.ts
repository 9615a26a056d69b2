import { constants as zlibConstants } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

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
