import { MSG_TAREFAS } from "@crm/domain/follow-ups";
import { ZEstadoTarefaBody, ZFiltroTarefas, ZListaTarefas, ZTarefa } from "@crm/domain/schemas/follow-ups";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contexto } from "../http/tenant.js";
import { fecharTarefa, listarTarefas, type TCtxTarefas } from "./tasks.js";

const config = { permissao: "tarefas.usar", negado: MSG_TAREFAS.acessoNegado } as const;
const ZId = z.object({ id: z.guid() });

/** The roles of tarefas.usar always belong to a company. */
const ctxDe = (req: FastifyRequest): TCtxTarefas => {
  const ctx = contexto(req);
  return { ...ctx, empresaId: ctx.empresaId as string };
};

/** Follow-up tasks (decision 1831): 'Meus retornos' and closing one (a lead's tasks are the chat's routes). */
export const followUpRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get("/tarefas", { config, schema: { querystring: ZFiltroTarefas, response: { 200: ZListaTarefas } } }, (req) =>
    listarTarefas(deps, ctxDe(req), req.query.escopo),
  );

  app.put(
    "/tarefas/:id/estado",
    { config, schema: { params: ZId, body: ZEstadoTarefaBody, response: { 200: ZTarefa } } },
    (req) => fecharTarefa(deps, ctxDe(req), req.params.id, req.body.estado),
  );
};
