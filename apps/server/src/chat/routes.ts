import { MSG_TAREFAS } from "@crm/domain/follow-ups";
import { MSG } from "@crm/domain/messages";
import {
  ZAcaoStatus,
  ZEnviarTemplate,
  ZEnviarTexto,
  ZFiltroMensagens,
  ZLeadChat,
  ZMensagem,
  ZModelo,
  ZModelos,
  ZPaginaMensagens,
  ZSalvarModelo,
} from "@crm/domain/schemas/chat";
import { ZNovaTarefa, ZTarefa } from "@crm/domain/schemas/follow-ups";
import { zId } from "@crm/domain/schemas/id";
import { STATUS_LEAD } from "@crm/domain/status";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { withTenant } from "../db/tenant.js";
import { criarTarefa, tarefasDoLead } from "../follow-ups/tasks.js";
import { contexto } from "../http/tenant.js";
import { lerUpload, registrarUpload } from "../http/upload.js";
import { acessarLead, comLeadAcessivel } from "./access.js";
import { aplicarAcaoStatus } from "./change-status.js";
import { listarMensagens, obterMensagem } from "./list-messages.js";
import { carregarLeadChat } from "./load-lead-chat.js";
import { marcarConversaLida } from "./mark-read.js";
import { enviarArquivoDaMensagem } from "./media-download.js";
import { baixarMidiaNovamente, reenviarMensagem } from "./retry-message.js";
import { criarMensagemSaida } from "./send.js";
import { enviarMidia } from "./send-media.js";
import { enviarTemplate } from "./send-template.js";
import { criarModelo, editarModelo, excluirModelo, listarModelos } from "./templates.js";

const config = { permissao: "chat.usar", naoAutenticado: MSG.usuarioNaoAutenticado } as const;
const ZLead = z.object({ leadId: z.string().max(100) });
const ZLeadMensagem = ZLead.extend({ mensagemId: zId() });

/** /api/chat/{leadId}/…: the lead chat (001 'Lead chat'), and /api/modelos-mensagem: the company's templates. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await registrarUpload(app);

  app.get("/chat/:leadId", { config, schema: { params: ZLead, response: { 200: ZLeadChat } } }, (req) =>
    carregarLeadChat(deps, contexto(req), req.params.leadId),
  );

  app.get(
    "/chat/:leadId/mensagens",
    { config, schema: { params: ZLead, querystring: ZFiltroMensagens, response: { 200: ZPaginaMensagens } } },
    (req) => listarMensagens(deps, contexto(req), req.params.leadId, req.query),
  );

  app.get(
    "/chat/:leadId/mensagens/:mensagemId",
    { config, schema: { params: ZLeadMensagem, response: { 200: ZMensagem } } },
    (req) => obterMensagem(deps, contexto(req), req.params.leadId, req.params.mensagemId),
  );

  app.post(
    "/chat/:leadId/mensagens",
    { config, schema: { params: ZLead, body: ZEnviarTexto, response: { 201: ZMensagem } } },
    async (req, reply) => {
      const m = await criarMensagemSaida(deps, contexto(req), req.params.leadId, { tipo: "text", texto: req.body.texto });
      return reply.status(201).send(m);
    },
  );

  app.post("/chat/:leadId/midia", { config, schema: { params: ZLead, response: { 201: ZMensagem } } }, async (req, reply) => {
    const ctx = contexto(req);
    // scope first: a file for a lead the person cannot open is not even read
    await withTenant(deps.db.app, ctx, (tx) => acessarLead(tx, ctx, req.params.leadId));
    const { campos, arquivo } = await lerUpload(req);
    const m = await enviarMidia(deps, ctx, req.params.leadId, campos.tipo ?? "", arquivo, (campos.legenda ?? "").trim());
    return reply.status(201).send(m);
  });

  app.post(
    "/chat/:leadId/template",
    { config, schema: { params: ZLead, body: ZEnviarTemplate, response: { 201: ZMensagem } } },
    async (req, reply) => reply.status(201).send(await enviarTemplate(deps, contexto(req), req.params.leadId, req.body)),
  );

  app.post(
    "/chat/:leadId/mensagens/:mensagemId/reenviar",
    { config, schema: { params: ZLeadMensagem, response: { 200: ZMensagem } } },
    (req) => reenviarMensagem(deps, contexto(req), req.params.leadId, req.params.mensagemId),
  );

  const midia = { ...config, auditar: { acao: "midia.baixada", entidade: "mensagem", id: "mensagemId" } } as const;
  app.get("/chat/:leadId/mensagens/:mensagemId/midia", { config: midia, schema: { params: ZLeadMensagem } }, (req, reply) =>
    enviarArquivoDaMensagem(deps, contexto(req), req.params.leadId, req.params.mensagemId, reply),
  );

  app.post(
    "/chat/:leadId/mensagens/:mensagemId/midia/baixar",
    { config, schema: { params: ZLeadMensagem } },
    async (req, reply) => {
      await baixarMidiaNovamente(deps, contexto(req), req.params.leadId, req.params.mensagemId);
      return reply.status(202).send({ ok: true });
    },
  );

  app.post("/chat/:leadId/lidas", { config, schema: { params: ZLead } }, async (req, reply) => {
    await marcarConversaLida(deps, contexto(req), req.params.leadId);
    return reply.status(204).send();
  });

  app.post(
    "/chat/:leadId/status",
    { config, schema: { params: ZLead, body: ZAcaoStatus, response: { 200: z.object({ status_lead: z.enum(STATUS_LEAD) }) } } },
    (req) => aplicarAcaoStatus(deps, contexto(req), req.params.leadId, req.body.acao, req.body.retorno),
  );

  // a lead's follow-up tasks (decision 1831): its open ones, and a new one owned by the person
  const tarefas = { permissao: "tarefas.usar", negado: MSG_TAREFAS.acessoNegado } as const;
  app.get("/chat/:leadId/tarefas", { config: tarefas, schema: { params: ZLead, response: { 200: z.array(ZTarefa) } } }, (req) =>
    comLeadAcessivel(deps.db.app, contexto(req), req.params.leadId, (tx, lead) => tarefasDoLead(tx, lead.empresaId, lead.id)),
  );
  app.post(
    "/chat/:leadId/tarefas",
    { config: tarefas, schema: { params: ZLead, body: ZNovaTarefa, response: { 201: ZTarefa } } },
    async (req, reply) => {
      const ctx = contexto(req);
      const tarefa = await comLeadAcessivel(deps.db.app, ctx, req.params.leadId, (tx, lead) =>
        criarTarefa(tx, lead.empresaId, lead.id, ctx, req.body),
      );
      return reply.status(201).send(tarefa);
    },
  );

  app.get("/chat/:leadId/modelos", { config, schema: { params: ZLead, response: { 200: ZModelos } } }, (req) =>
    listarModelos(deps, contexto(req), req.params.leadId),
  );

  const gerenciar = { permissao: "modelos.gerenciar" } as const;
  app.post(
    "/modelos-mensagem",
    { config: gerenciar, schema: { body: ZSalvarModelo, response: { 201: ZModelo } } },
    async (req, reply) => reply.status(201).send(await criarModelo(deps, contexto(req), req.body)),
  );
  app.put(
    "/modelos-mensagem/:id",
    { config: gerenciar, schema: { params: z.object({ id: zId() }), body: ZSalvarModelo, response: { 200: ZModelo } } },
    (req) => editarModelo(deps, contexto(req), req.params.id, req.body),
  );
  app.delete("/modelos-mensagem/:id", { config: gerenciar, schema: { params: z.object({ id: zId() }) } }, async (req, reply) => {
    await excluirModelo(deps, contexto(req), req.params.id);
    return reply.status(204).send();
  });
};
