import {
  TEXTO_WEBHOOKS,
  ZEdicaoEndpointWebhook,
  ZEndpointWebhook,
  ZEndpointWebhookComSegredo,
  ZListaEndpointsWebhook,
  ZListaEntregasWebhook,
  ZNovoEndpointWebhook,
  ZReenvioFalhas,
  ZReenvioFalhasFeito,
} from "@crm/domain/webhooks";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contextoEmpresa } from "../http/tenant.js";
import { listarEntregas, reenviarEntrega, reenviarFalhas } from "./deliveries.js";
import { criarEndpoint, editarEndpoint, enviarTeste, excluirEndpoint, listarEndpoints, rotacionarSegredo } from "./endpoints.js";

const config = { permissao: "webhooks.gerenciar", alvo: "propria" } as const;
const zId = z.guid({ error: TEXTO_WEBHOOKS.endpointNaoEncontrado });
const ZParams = z.object({ id: zId });
const ZVazio = z.object({});

/**
 * Outbound webhooks on /configuracoes (decisions 1801–1805): the company admin's endpoints, their secrets (shown once,
 * at creation and rotation), the test event and the delivery log with resend. The endpoints' management by API key
 * (`/api/v1/webhooks`) and `GET /api/v1/events` come with the public API's conventions.
 */
export const outboundWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get("/empresa/webhooks", { config, schema: { response: { 200: ZListaEndpointsWebhook } } }, async (req) => ({
    endpoints: await listarEndpoints(deps, contextoEmpresa(req)),
  }));
  app.post(
    "/empresa/webhooks",
    { config, schema: { body: ZNovoEndpointWebhook, response: { 201: ZEndpointWebhookComSegredo } } },
    async (req, reply) => reply.status(201).send(await criarEndpoint(deps, contextoEmpresa(req), req.body)),
  );
  app.patch(
    "/empresa/webhooks/:id",
    { config, schema: { params: ZParams, body: ZEdicaoEndpointWebhook, response: { 200: ZEndpointWebhook } } },
    (req) => editarEndpoint(deps, contextoEmpresa(req), req.params.id, req.body),
  );
  app.delete("/empresa/webhooks/:id", { config, schema: { params: ZParams, response: { 200: ZVazio } } }, async (req) => {
    await excluirEndpoint(deps, contextoEmpresa(req), req.params.id);
    return {};
  });
  app.post(
    "/empresa/webhooks/:id/rotacionar",
    { config, schema: { params: ZParams, response: { 200: ZEndpointWebhookComSegredo } } },
    (req) => rotacionarSegredo(deps, contextoEmpresa(req), req.params.id),
  );
  app.post(
    "/empresa/webhooks/:id/teste",
    { config, schema: { params: ZParams, response: { 202: ZVazio } } },
    async (req, reply) => {
      await enviarTeste(deps, contextoEmpresa(req), req.params.id);
      return reply.status(202).send({});
    },
  );
  app.get(
    "/empresa/webhooks/:id/entregas",
    {
      config,
      schema: {
        params: ZParams,
        querystring: z.object({ estado: z.enum(["pendente", "entregue", "falhou"]).optional() }),
        response: { 200: ZListaEntregasWebhook },
      },
    },
    async (req) => ({ entregas: await listarEntregas(deps, contextoEmpresa(req), req.params.id, req.query.estado) }),
  );
  app.post(
    "/empresa/webhooks/:id/entregas/:entregaId/reenviar",
    {
      config,
      schema: {
        params: z.object({ id: zId, entregaId: z.guid({ error: TEXTO_WEBHOOKS.entregaNaoEncontrada }) }),
        response: { 202: ZVazio },
      },
    },
    async (req, reply) => {
      await reenviarEntrega(deps, contextoEmpresa(req), req.params.id, req.params.entregaId);
      return reply.status(202).send({});
    },
  );
  app.post(
    "/empresa/webhooks/:id/reenviar-falhas",
    { config, schema: { params: ZParams, body: ZReenvioFalhas, response: { 200: ZReenvioFalhasFeito } } },
    async (req) => ({ reenviadas: await reenviarFalhas(deps, contextoEmpresa(req), req.params.id, req.body) }),
  );
};
