import { TEXTO_CHAVES_API, ZChaveApi, ZChaveApiCriada, ZListaChavesApi, ZNovaChaveApi } from "@crm/domain/api-keys";
import { zId } from "@crm/domain/schemas/id";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contextoEmpresa } from "../http/tenant.js";
import { criarChave, listarChaves, revogarChave } from "./keys.js";

const config = { permissao: "empresa.configurar", alvo: "propria" } as const;

/**
 * 'API personalizada' (Enterprise, decisions 1310, 1811): the company admin's keys on /configuracoes — created with
 * their scopes, last day and IP allow-list, listed, revoked. The API they open is /api/v1 (api-v1/).
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get("/empresa/chaves-api", { config, schema: { response: { 200: ZListaChavesApi } } }, async (req) => ({
    chaves: await listarChaves(deps, contextoEmpresa(req)),
  }));
  app.post(
    "/empresa/chaves-api",
    { config, schema: { body: ZNovaChaveApi, response: { 201: ZChaveApiCriada } } },
    async (req, reply) => reply.status(201).send(await criarChave(deps, contextoEmpresa(req), req.body)),
  );
  app.delete(
    "/empresa/chaves-api/:id",
    {
      config,
      schema: { params: z.object({ id: zId({ error: TEXTO_CHAVES_API.chaveInvalida }) }), response: { 200: ZChaveApi } },
    },
    (req) => revogarChave(deps, contextoEmpresa(req), req.params.id),
  );
};
