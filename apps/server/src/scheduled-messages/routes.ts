import { randomBytes } from "node:crypto";
import { MSG } from "@crm/domain/messages";
import { MSG_AGENDADAS } from "@crm/domain/scheduled-messages";
import { ZEnviarTemplate } from "@crm/domain/schemas/chat";
import {
  ZAgendamento,
  ZEditarAgendamento,
  ZFiltroAgendamentos,
  ZListaAgendamentos,
  ZNovoAgendamento,
  ZNovoAgendamentoMidia,
} from "@crm/domain/schemas/scheduled-messages";
import { MIME_DOCUMENTO, NOME_DOCUMENTO_PADRAO } from "@crm/domain/whatsapp";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { acessarLead, comLeadAcessivel } from "../chat/access.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { badRequest, HttpError } from "../http/errors.js";
import { contexto } from "../http/tenant.js";
import { lerUpload, registrarUpload, validarAnexo } from "../http/upload.js";
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

const EXT: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  ...Object.fromEntries(Object.entries(MIME_DOCUMENTO).map(([ext, mime]) => [mime, ext])),
};

/** A template as the multipart form sends it (JSON text), checked like the JSON body's. */
function modeloDoCampo(v: string | undefined) {
  if (!v) return null;
  let bruto: unknown;
  try {
    bruto = JSON.parse(v);
  } catch {
    throw badRequest(MSG.requisicaoInvalida);
  }
  const r = ZEnviarTemplate.safeParse(bruto);
  if (!r.success) throw badRequest(r.error.issues[0].message);
  return r.data;
}

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
    async (req, reply) => {
      const ctx = contexto(req);
      // scope first: a file for a lead the person cannot open is not even read
      const lead = await withTenant(deps.db.app, ctx, (tx) => acessarLead(tx, ctx, req.params.leadId));
      const { campos, arquivo } = await lerUpload(req);
      const f = ZNovoAgendamentoMidia.safeParse(campos);
      if (!f.success) throw badRequest(f.error.issues[0].message);
      if (!arquivo) throw badRequest(MSG_AGENDADAS.arquivoObrigatorio);
      const modelo = modeloDoCampo(f.data.modelo);
      const mime = await validarAnexo(f.data.tipo, arquivo.dados, arquivo.nome);
      const chave = `${lead.empresaId}/${lead.id}/${Date.now()}-${randomBytes(4).toString("hex")}.${EXT[mime] ?? "bin"}`;
      try {
        await deps.storage.gravar(chave, arquivo.dados);
      } catch {
        throw new HttpError(503, MSG.erroUrlArquivo);
      }
      try {
        const a = await criarAgendamento(deps, ctx, lead.id, {
          tipo: f.data.tipo,
          texto: f.data.legenda,
          agendada_para: f.data.agendada_para,
          cancelar_se_lead_escrever: f.data.cancelar_se_lead_escrever === "true",
          modelo,
          midia: { chave, mime, nome: arquivo.nome || NOME_DOCUMENTO_PADRAO, tamanho: arquivo.dados.length },
        });
        return reply.status(201).send(a);
      } catch (e) {
        await deps.storage.remover(chave).catch(() => {});
        throw e;
      }
    },
  );
};
