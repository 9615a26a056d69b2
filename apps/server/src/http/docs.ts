import { PAPEL } from "@crm/domain/roles";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifyRequest, FastifySchema } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { schemaDocumentado } from "./error-responses.js";
import { notFound } from "./errors.js";

/**
 * OpenAPI generated from the zod route schemas, served at /api/docs; each operation lists its path parameters and
 * its error answers (schemaDocumentado, decision 1602). In production only the signed-in platform admin reads it (the
 * internal API's map is of no use to anyone else, decision 1851); elsewhere it stays open for developers.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: { info: { title: "CRM Revisional API", version: "1.0.0" } },
    transform: (args) => {
      const method = [args.route.method].flat()[0] ?? "GET";
      const schema = schemaDocumentado({ method, url: args.url, config: args.route.config, schema: args.schema as never });
      return jsonSchemaTransform({ ...args, schema: schema as FastifySchema });
    },
  });
  const producao = app.deps.config.env === "production";
  const somentePlataforma = async (req: FastifyRequest) => {
    if (producao && req.auth?.papel !== PAPEL.plataforma) throw notFound();
  };
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true, uiHooks: { onRequest: somentePlataforma } });
}
