import { ZPalavrasSair, ZPalavrasSairSalvas } from "@crm/domain/schemas/consent";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contextoEmpresa } from "../http/tenant.js";
import { carregarPalavrasSair, salvarPalavrasSair } from "./keywords.js";

const config = { permissao: "empresa.configurar", alvo: "empresa" } as const;

/** /api/empresa/consentimento/palavras: the company's opt-out words (decision 1828), on /configuracoes. */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get("/empresa/consentimento/palavras", { config, schema: { response: { 200: ZPalavrasSairSalvas } } }, (req) =>
    carregarPalavrasSair(deps, contextoEmpresa(req)),
  );
  app.put(
    "/empresa/consentimento/palavras",
    { config, schema: { body: ZPalavrasSair, response: { 200: ZPalavrasSairSalvas } } },
    (req) => salvarPalavrasSair(deps, contextoEmpresa(req), req.body),
  );
};
