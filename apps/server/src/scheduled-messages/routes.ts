import { MSG_AGENDADAS } from "@crm/domain/scheduled-messages";
import {
  ZAgendamento,
  ZEditarAgendamento,
  ZFiltroAgendamentos,
  ZListaAgendamentos,
  ZNovoAgendamento,
} from "@crm/domain/schemas/scheduled-messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { comLeadAcessivel } from "../chat/access.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { contexto } from "../http/tenant.js";
import { registrarUpload } from "../http/upload.js";
import { agendarMidia } from "./schedule-media.js";
import {
  agendamentosDoLead,
  cancelarAgendamento,
  criarAgendamento,
  editarAgendamento,
  listarAgendamentos,
  type TQuemAgenda,
} from "./schedules.js";

const usar = { permissao: "agendamentos.usar", negado: MSG_AGENDADAS.acessoNegado } as const;
const ZId = z.object({ id: z.guid() });
const ZLead = z.object({ leadId: z.string().max(100) });
/** The roles of agendamentos.* always belong to a company. */
const quem = (a: TTenantCtx): TQuemAgenda => ({ empresaId: a.empresaId as string, usuarioId: a.usuarioId, papel: a.papel });

/** Scheduled messages (decisions 1885–1887): from the chat, and 'Mensagens agendadas'. */
export const scheduledMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await registrarUpload(app);

  app.get(
    "/agendamentos",
    { config: usar, schema: { querystring: ZFiltroAgendamentos, response: { 200: ZListaAgendamentos } } },
    (req) => {
      const a = contexto(req);
      return withTenant(deps.db.app, a, (tx) => listarAgendamentos(tx, quem(a), req.query));
    },
  );
  app.put(
    "/agendamentos/:id",
    { config: usar, schema: { params: ZId, body: ZEditarAgendamento, response: { 200: ZAgendamento } } },
    (req) => editarAgendamento(deps, quem(contexto(req)), req.params.id, req.body),
  );
  app.post("/agendamentos/:id/cancelar", { config: usar, schema: { params: ZId, response: { 200: ZAgendamento } } }, (req) =>
    cancelarAgendamento(deps, quem(contexto(req)), req.params.id),
  );

  app.get(
    "/chat/:leadId/agendamentos",
    { config: usar, schema: { params: ZLead, response: { 200: z.array(ZAgendamento) } } },
    (req) =>
      comLeadAcessivel(deps.db.app, contexto(req), req.params.leadId, (tx, lead) =>
        agendamentosDoLead(tx, lead.empresaId, lead.id),
      ),
  );
  app.post(
    "/chat/:leadId/agendamentos",
    { config: usar, schema: { params: ZLead, body: ZNovoAgendamento, response: { 201: ZAgendamento } } },
    async (req, reply) => {
      const a = await criarAgendamento(deps, contexto(req), req.params.leadId, { tipo: "text", ...req.body });
      return reply.status(201).send(a);
    },
  );
  /** An image or a document: checked by content and kept in private storage now, sent at its time. */
  app.post(
    "/chat/:leadId/agendamentos/midia",
    { config: usar, schema: { params: ZLead, response: { 201: ZAgendamento } } },
    async (req, reply) => reply.status(201).send(await agendarMidia(deps, contexto(req), req.params.leadId, req)),
  );
};
