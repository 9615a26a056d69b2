import { zId } from "@crm/domain/schemas/id";
import { ZFiltroNotificacoes, ZPaginaNotificacoes, ZSino } from "@crm/domain/schemas/notifications";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contexto } from "../http/tenant.js";
import { listarSino } from "./list-bell.js";
import { listarPaginaNotificacoes } from "./list-page.js";
import { marcarTodasNotificacoesLidas } from "./mark-all-read.js";
import { marcarNotificacaoLida } from "./mark-read.js";

const config = { permissao: "notificacoes.usar" } as const;

/** The bell and /notificacoes (000 §2.15): always the signed-in user's own notifications. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = contexto;

  app.get("/notificacoes", { config, schema: { response: { 200: ZSino } } }, (req) => listarSino(app.deps, ctx(req)));

  app.get(
    "/notificacoes/pagina",
    { config, schema: { querystring: ZFiltroNotificacoes, response: { 200: ZPaginaNotificacoes } } },
    (req) => listarPaginaNotificacoes(app.deps, ctx(req), req.query),
  );

  app.post("/notificacoes/:id/lida", { config, schema: { params: z.object({ id: zId() }) } }, async (req, reply) => {
    await marcarNotificacaoLida(app.deps, ctx(req), req.params.id);
    return reply.status(204).send();
  });

  app.post("/notificacoes/lidas", { config }, async (req, reply) => {
    await marcarTodasNotificacoesLidas(app.deps, ctx(req));
    return reply.status(204).send();
  });
};
