import { createHash } from "node:crypto";
import {
  LIMITE_API_POR_MINUTO,
  TEXTO_CHAVES_API,
  ZChaveApi,
  ZChaveApiCriada,
  ZListaChavesApi,
  ZNovaChaveApi,
} from "@crm/domain/api-keys";
import { zId } from "@crm/domain/schemas/id";
import { ZLeadCriado, ZNovoLead } from "@crm/domain/schemas/leads";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { withTenant } from "../db/tenant.js";
import { ZErroApi } from "../http/error-responses.js";
import { tooMany } from "../http/errors.js";
import { contextoEmpresa } from "../http/tenant.js";
import { criarLead } from "../leads/create-lead.js";
import {
  autenticarChave,
  chaveDoPedido,
  contextoDaChave,
  criarChave,
  empresaDaChave,
  listarChaves,
  revogarChave,
} from "./keys.js";

const config = { permissao: "empresa.configurar", alvo: "propria" } as const;

/** The key each API request was authenticated with (preValidation), for the change log's author (decision 1702). */
const chaveDoRequest = new WeakMap<object, string>();

/**
 * 'API personalizada' (Enterprise, decision 1310): the company admin's keys on /configuracoes, and the public
 * POST /api/v1/leads a company's own systems call with one of them — the manual form's fields and checks (one
 * phone normalization, duplicates, the monthly limit), no session and no CSRF, 60 requests a minute per key.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get("/empresa/chaves-api", { config, schema: { response: { 200: ZListaChavesApi } } }, async (req) => ({
    chaves: await listarChaves(deps, contextoEmpresa(req)),
  }));
  app.post(
    "/empresa/chaves-api",
    { config, schema: { body: ZNovaChaveApi, response: { 201: ZChaveApiCriada } } },
    async (req, reply) => reply.status(201).send(await criarChave(deps, contextoEmpresa(req), req.body.nome)),
  );
  app.delete(
    "/empresa/chaves-api/:id",
    {
      config,
      schema: { params: z.object({ id: zId({ error: TEXTO_CHAVES_API.chaveInvalida }) }), response: { 200: ZChaveApi } },
    },
    (req) => revogarChave(deps, contextoEmpresa(req), req.params.id),
  );

  app.post(
    "/v1/leads",
    {
      config: {
        publica: true,
        semCsrf: true,
        semCabecalhosNavegador: true,
        rateLimit: {
          max: LIMITE_API_POR_MINUTO,
          timeWindow: "1 minute",
          // per key (its hash: the key itself never becomes a map key), or per address without one
          keyGenerator: (req) =>
            req.headers.authorization ? createHash("sha256").update(req.headers.authorization).digest("hex") : req.ip,
          errorResponseBuilder: () => tooMany(TEXTO_CHAVES_API.limiteRequisicoes),
        },
      },
      // 401: no key, or one revoked or unknown (checked in preValidation, below)
      schema: { body: ZNovoLead, response: { 201: ZLeadCriado, 401: ZErroApi } },
      // the key is checked before the body: a wrong key is a 401 whatever it sends
      preValidation: async (req) => {
        const chave = chaveDoPedido(req.headers.authorization);
        const { chaveId } = await withTenant(deps.db.app, contextoDaChave(empresaDaChave(chave)), (tx) =>
          autenticarChave(tx, chave),
        );
        chaveDoRequest.set(req, chaveId);
      },
    },
    async (req, reply) => {
      const ctx = contextoDaChave(empresaDaChave(chaveDoPedido(req.headers.authorization)));
      const autor = { origem: "api" as const, chaveApiId: chaveDoRequest.get(req) ?? null };
      return reply.status(201).send(await criarLead(deps, ctx, req.body, autor));
    },
  );
};
