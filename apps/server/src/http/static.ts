import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MSG } from "@crm/domain/messages";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/web/dist, whether running from source (src/http) or from the bundle (dist). */
export const WEB_DIST = [path.resolve(here, "../../../web/dist"), path.resolve(here, "../../web/dist")].find((d) =>
  existsSync(path.join(d, "index.html")),
);

/** Headers (helmet's) that apply to documents only; hashed assets keep nosniff and Cross-Origin-Resource-Policy. */
const SO_DE_DOCUMENTO = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "referrer-policy",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

/** A private app: nothing in it is for search engines (and /robots.txt must not answer the SPA's HTML). */
export const ROBOTS_TXT = "User-agent: *\nDisallow: /\n";

/**
 * Serves the built SPA; unknown non-API paths get index.html so the client router decides. The build writes
 * `.br`/`.gz` copies of every text asset (apps/web/build/precompress.ts): they are sent as they are, by the
 * request's Accept-Encoding, with `Vary: Accept-Encoding`.
 */
export async function registerStatic(app: FastifyInstance, root: string | undefined = WEB_DIST) {
  app.get("/robots.txt", (_req, reply) =>
    reply.type("text/plain; charset=utf-8").header("Cache-Control", "public, max-age=86400").send(ROBOTS_TXT),
  );
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      preCompressed: true,
      setHeaders: (reply, file) => {
        // hashed assets are immutable; index.html must always be revalidated
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        reply.header("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
        // a script or stylesheet is not a document: the page's policies (CSP, framing…) mean nothing on it, and
        // they were ~600 bytes on each of the dozens of files a page loads on a slow phone connection
        if (hashed) for (const h of SO_DE_DOCUMENTO) reply.raw.removeHeader(h);
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith("/api") || req.url.startsWith("/ws") || req.method !== "GET" || !root) {
      return reply.status(404).send({ erro: MSG.naoEncontrado });
    }
    return reply.header("Cache-Control", "no-cache").sendFile("index.html");
  });
}
