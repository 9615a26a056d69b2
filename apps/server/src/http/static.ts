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

/** Serves the built SPA; unknown non-API paths get index.html so the client router decides. */
export async function registerStatic(app: FastifyInstance) {
  if (WEB_DIST) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      wildcard: false,
      setHeaders: (reply, file) => {
        // hashed assets are immutable; index.html must always be revalidated
        reply.header(
          "Cache-Control",
          file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith("/api") || req.url.startsWith("/ws") || req.method !== "GET" || !WEB_DIST) {
      return reply.status(404).send({ erro: MSG.naoEncontrado });
    }
    return reply.header("Cache-Control", "no-cache").sendFile("index.html");
  });
}
