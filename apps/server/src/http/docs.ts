import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifySchema } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { schemaDocumentado } from "./error-responses.js";

/**
 * OpenAPI generated from the zod route schemas, served at /api/docs; each operation lists its path parameters and
 * its error answers (schemaDocumentado, decision 1602).
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
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
}
