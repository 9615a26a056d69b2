import {
  ZConfiguracoes,
  ZIAEntrada,
  ZResultadoTeste,
  ZSalvarConfiguracoes,
  ZWhatsAppEntrada,
} from "@crm/domain/schemas/settings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contexto } from "../http/tenant.js";
import { carregarConfiguracoes } from "./load-settings.js";
import { salvarConfiguracoes } from "./save-settings.js";
import { testarIA, testarWhatsApp } from "./test-connections.js";

const config = { permissao: "empresa.configurar" } as const;

/** /api/empresa/configuracoes (001 'Company settings'): read, save, and the two connection tests. */
export const companySettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get("/empresa/configuracoes", { config, schema: { response: { 200: ZConfiguracoes } } }, (req) =>
    carregarConfiguracoes(deps, contexto(req)),
  );
  app.put(
    "/empresa/configuracoes",
    { config, schema: { body: ZSalvarConfiguracoes, response: { 200: ZConfiguracoes } } },
    (req) => salvarConfiguracoes(deps, contexto(req), req.body),
  );
  app.post(
    "/empresa/configuracoes/testar-whatsapp",
    { config, schema: { body: ZWhatsAppEntrada, response: { 200: ZResultadoTeste } } },
    (req) => testarWhatsApp(deps, contexto(req), req.body),
  );
  app.post(
    "/empresa/configuracoes/testar-ia",
    { config, schema: { body: ZIAEntrada, response: { 200: ZResultadoTeste } } },
    (req) => testarIA(deps, contexto(req), req.body),
  );
};
