import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MSG } from "@crm/domain/messages";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";

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

type TPreload = { publico: Record<string, string[]>; assinado: Record<string, string[]>; sempre?: string[] };

/** The build's `Link` values by page (apps/web/build/preload.ts), joined into one header per path. */
function lerPreload(root: string) {
  const arquivo = path.join(root, ".vite", "preload.json");
  if (!existsSync(arquivo)) return null;
  const p = JSON.parse(readFileSync(arquivo, "utf8")) as TPreload;
  const sempre = p.sempre ?? [];
  const link = (rotas: Record<string, string[]>) =>
    new Map(Object.entries(rotas).map(([rota, valores]) => [rota, [...sempre, ...valores].join(", ")]));
  return { publico: link(p.publico), assinado: link(p.assinado), sempre: sempre.join(", ") };
}

/**
 * Serves the built SPA; unknown non-API paths get index.html so the client router decides. The build writes
 * `.br`/`.gz` copies of every text asset (apps/web/build/precompress.ts): they are sent as they are, by the
 * request's Accept-Encoding, with `Vary: Accept-Encoding`. index.html of a page the build lists (/login, /leads,
 * /dashboard) carries `Link: <chunk>; rel=modulepreload` for the page's code, so the browser fetches it with the
 * entry instead of after the entry has run (decision 1504); a signed-in page's only when `assinado(req)` (a session
 * cookie: a signed-out visit goes to /login instead). Every page's also preloads what the app asks first (the session).
 */
export async function registerStatic(
  app: FastifyInstance,
  root: string | undefined = WEB_DIST,
  { assinado }: { assinado?: (req: FastifyRequest) => boolean } = {},
) {
  const preload = root ? lerPreload(root) : null;
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
    const rota = req.url.split("?")[0]?.replace(/(.)\/$/, "$1") ?? "";
    const link = preload?.publico.get(rota) ?? (assinado?.(req) ? preload?.assinado.get(rota) : undefined) ?? preload?.sempre;
    if (link) reply.header("Link", link);
    return reply.header("Cache-Control", "no-cache").sendFile("index.html");
  });
}
