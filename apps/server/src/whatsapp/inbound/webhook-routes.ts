import { MSG } from "@crm/domain/messages";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { unsafeWithSystem } from "../../db/tenant.js";
import { COLUNA_CHAVE_INSTANCIA, COLUNAS_CONFIG, configDaLinha, type TConfigWhatsApp } from "../providers/company-config.js";
import type { TEvento } from "../providers/events.js";
import { assinaturaValida, mesmoToken } from "../providers/signature.js";
import { ingestorDe } from "./ingest.js";
import { ErroPayload, lerWebhookOficial } from "./parse-official.js";
import { lerWebhookNaoOficial } from "./parse-unofficial.js";
import { CACHE_EMPRESA_WEBHOOK_MS, cacheEmpresaDoWebhook } from "./webhook-company-cache.js";

const ZToken = z.object({ token: z.string().regex(/^[a-f0-9]{64}$/) });
const CACHE_MS = CACHE_EMPRESA_WEBHOOK_MS;
const cache = cacheEmpresaDoWebhook;

/**
 * POST/GET /api/webhooks/whatsapp/{webhook_token}: one URL per company (001 'Company settings'), public, no
 * CSRF (providers authenticate by signature or token). The official API checks the verify handshake and
 * X-Hub-Signature-256 of the raw body; the gateway, the URL's secret token and the instance it names (its apikey
 * only when that can be compared: decision 0407). Valid events are written to the inbox and answered once durable;
 * a job does the rest. A delivery that was not stored is never answered 2xx (a failed write is a 5xx, which the
 * gateway retries); anything invalid is a 4xx that changes nothing. A gateway set to 'webhook by events' posts to
 * {url}/{event-name} (webhook.controller.ts): that path is the same webhook.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const ingestor = ingestorDe(deps);
  app.addHook("onClose", () => ingestor.fechar());

  // the signature is over the exact bytes received: keep them (this plugin's routes only)
  app.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 1024 * 1024 }, (_req, corpo, feito) =>
    feito(null, corpo),
  );

  async function empresaDoToken(token: string): Promise<TConfigWhatsApp | null> {
    const c = cache.get(token);
    if (c && c.ate > Date.now()) return c.cfg;
    // crosses tenants because it must: the company is not known yet, the URL's token is what names it
    const { rows } = await unsafeWithSystem(deps.db.app, "webhook-whatsapp-empresa-do-token", (tx) =>
      tx.query(`SELECT ${COLUNAS_CONFIG}, ${COLUNA_CHAVE_INSTANCIA} FROM empresas WHERE webhook_token = $1`, [token]),
    );
    const cfg = rows[0] ? configDaLinha(deps.config.appSecret, rows[0]) : null;
    if (cache.size > 10_000) cache.clear();
    cache.set(token, { cfg, ate: Date.now() + CACHE_MS });
    return cfg;
  }

  // browser security headers mean nothing to a provider's server
  const config = { publica: true, semCsrf: true, semCabecalhosNavegador: true } as const;
  const naoEncontrado = { erro: MSG.naoEncontrado };

  app.get(
    "/webhooks/whatsapp/:token",
    {
      config,
      schema: {
        params: ZToken,
        querystring: z.object({
          "hub.mode": z.string().optional(),
          "hub.verify_token": z.string().optional(),
          "hub.challenge": z.string().max(200).optional(),
        }),
      },
    },
    async (req, reply) => {
      const cfg = await empresaDoToken(req.params.token);
      if (!cfg) return reply.status(404).send(naoEncontrado);
      const q = req.query;
      if (q["hub.mode"] !== "subscribe" || !q["hub.challenge"] || !mesmoToken(q["hub.verify_token"], cfg.verifyToken))
        return reply.status(403).send({ erro: MSG.acessoNegado });
      return reply.type("text/plain").send(q["hub.challenge"]);
    },
  );

  const receber = async (req: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    const cfg = await empresaDoToken(req.params.token);
    if (!cfg) return reply.status(404).send(naoEncontrado);
    const bruto = req.body as Buffer | undefined;
    if (!Buffer.isBuffer(bruto)) return reply.status(415).send({ erro: MSG.requisicaoInvalida });
    let eventos: TEvento[];
    try {
      if (cfg.provedor === "official") {
        if (!assinaturaValida(bruto, req.headers["x-hub-signature-256"], cfg.official.appSecret))
          throw new ErroPayload(401, MSG.acessoNegado);
        eventos = lerWebhookOficial(JSON.parse(bruto.toString("utf8")), cfg);
      } else if (cfg.provedor === "unofficial") {
        eventos = lerWebhookNaoOficial(JSON.parse(bruto.toString("utf8")), cfg);
      } else {
        // the sandbox receives only from the simulator, never over HTTP
        throw new ErroPayload(409, MSG.whatsappNaoConfigurado);
      }
    } catch (e) {
      if (e instanceof ErroPayload) return reply.status(e.status).send({ erro: e.message });
      if (e instanceof SyntaxError) return reply.status(400).send({ erro: MSG.requisicaoInvalida });
      throw e;
    }
    await ingestor.receber(cfg.empresaId, eventos);
    return reply.send({ ok: true });
  };
  app.post("/webhooks/whatsapp/:token", { config, schema: { params: ZToken } }, receber);
  app.post(
    "/webhooks/whatsapp/:token/:evento",
    { config, schema: { params: ZToken.extend({ evento: z.string().regex(/^[a-z0-9-]{1,40}$/) }) } },
    receber,
  );
};
