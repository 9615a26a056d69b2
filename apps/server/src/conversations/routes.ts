import { MSG } from "@crm/domain/messages";
import { ZFiltroConversas, ZPaginaConversas } from "@crm/domain/schemas/chat";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contexto } from "../http/tenant.js";
import { listarConversas } from "./list-conversations.js";

/** GET /api/conversas (001 'Conversations'; 001 §6: Admin Empresa, Consultor, Admin Plataforma). */
export const conversationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/conversas",
    {
      config: { permissao: "conversas.usar", negado: MSG.acessoNegadoConversas },
      schema: { querystring: ZFiltroConversas, response: { 200: ZPaginaConversas } },
    },
    (req) => listarConversas(app.deps, contexto(req), req.query),
  );
};
