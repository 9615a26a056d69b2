import { timingSafeEqual } from "node:crypto";
import { MSG } from "@crm/domain/messages";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { chamadaLocal } from "../http/auth-context.js";
import { coletarNaLeitura } from "./collect.js";
import { duracaoRequisicoes, registro } from "./instruments.js";

function mesmoSegredo(dado: string, esperado: string): boolean {
  const a = Buffer.from(dado);
  const b = Buffer.from(esperado);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A scraper on this machine, or anyone with `Authorization: Bearer $METRICS_TOKEN`. */
function podeLer(req: FastifyRequest, token: string | undefined): boolean {
  const portador = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  if (token && portador) return mesmoSegredo(portador, token);
  // the same test as the dev tools' (TRUST_PROXY, forwarded chains, the Host against rebinding)
  return chamadaLocal(req);
}

/**
 * GET /metrics in Prometheus text format (decision 1854), and the request-duration histogram every route feeds (by
 * route template, never the raw URL: ids would make a series per lead). Anyone else gets the 404 of a route that
 * does not exist.
 */
export function registrarMetricas(app: FastifyInstance): void {
  coletarNaLeitura(app.deps);
  app.addHook("onResponse", async (req, reply) => {
    duracaoRequisicoes.observe(
      { method: req.method, route: req.routeOptions.url ?? "desconhecida", status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get("/metrics", { config: { semCabecalhosNavegador: true } }, async (req: FastifyRequest, reply: FastifyReply) => {
    if (!podeLer(req, app.deps.config.metricsToken)) return reply.status(404).send({ erro: MSG.naoEncontrado });
    const texto = await registro.metrics();
    return reply.type(registro.contentType).send(texto);
  });
}
