import { MSG_INCIDENTES } from "@crm/domain/incidents";
import {
  ZAvisarTitular,
  ZAvisosEmLote,
  ZBuscaTitulares,
  ZComunicarAnpd,
  ZContagemTitulares,
  ZDetalheIncidente,
  ZEditarIncidente,
  ZEncerrarIncidente,
  ZIncidenteCriado,
  ZIncidentesPlataforma,
  ZListaIncidentes,
  ZNovoIncidente,
  ZNovoIncidentePlataforma,
  ZSelecaoTitulares,
  ZTitularesEncontrados,
} from "@crm/domain/schemas/incidents";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { withTenant } from "../db/tenant.js";
import { contexto, contextoEmpresa } from "../http/tenant.js";
import { avisarTitular, avisarTodos, comunicarAnpd, encerrarIncidente } from "./actions.js";
import { detalharIncidente, listarIncidentes, unsafeListarIncidentesPlataforma } from "./list.js";
import {
  buscarTitulares,
  contarTitulares,
  editarIncidente,
  registrarIncidente,
  unsafeRegistrarIncidentePlataforma,
} from "./register.js";

const config = { permissao: "privacidade.gerenciar", negado: MSG_INCIDENTES.acessoNegado, alvo: "empresa" } as const;
const plataforma = { permissao: "incidentes.plataforma", negado: MSG_INCIDENTES.acessoNegado } as const;
const ZId = z.object({ id: z.guid() });
const ZIdLead = z.object({ id: z.guid(), leadId: z.guid() });
const ZOk = z.object({ ok: z.literal(true) });
const ZMensagem = z.object({ mensagem: z.string() });
const ok = { ok: true as const };

/**
 * /privacidade/incidentes (decisions 1875–1877): the company's register of security incidents — list with the
 * countdown, register, edit, the drafts, the notice to each titular, ANPD's communication, closing; no delete. The
 * company admin's own company, the platform admin naming one (`?empresaId=`); and the platform admin's incidents
 * across companies (`/plataforma`).
 */
export const securityIncidentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get("/privacidade/incidentes", { config, schema: { response: { 200: ZListaIncidentes } } }, (req) =>
    listarIncidentes(deps, contextoEmpresa(req)),
  );

  app.post(
    "/privacidade/incidentes",
    { config, schema: { body: ZNovoIncidente, response: { 201: ZIncidenteCriado } } },
    async (req, reply) => reply.status(201).send(await registrarIncidente(deps, contextoEmpresa(req), req.body)),
  );

  app.post(
    "/privacidade/incidentes/titulares/contar",
    { config, schema: { body: ZSelecaoTitulares, response: { 200: ZContagemTitulares } } },
    async (req) => {
      const ctx = contextoEmpresa(req);
      return { titulares: await withTenant(deps.db.app, ctx, (tx) => contarTitulares(tx, ctx.empresaId, req.body)) };
    },
  );

  app.get(
    "/privacidade/incidentes/leads",
    { config, schema: { querystring: ZBuscaTitulares, response: { 200: ZTitularesEncontrados } } },
    async (req) => {
      const ctx = contextoEmpresa(req);
      return { leads: await withTenant(deps.db.app, ctx, (tx) => buscarTitulares(tx, ctx.empresaId, req.query.busca)) };
    },
  );

  app.get("/privacidade/incidentes/:id", { config, schema: { params: ZId, response: { 200: ZDetalheIncidente } } }, (req) =>
    detalharIncidente(deps, contextoEmpresa(req), req.params.id),
  );

  app.put(
    "/privacidade/incidentes/:id",
    { config, schema: { params: ZId, body: ZEditarIncidente, response: { 200: ZOk } } },
    async (req) => {
      await editarIncidente(deps, contextoEmpresa(req), req.params.id, req.body);
      return ok;
    },
  );

  app.post(
    "/privacidade/incidentes/:id/comunicar",
    { config, schema: { params: ZId, body: ZComunicarAnpd, response: { 200: ZOk } } },
    async (req) => {
      await comunicarAnpd(deps, contextoEmpresa(req), req.params.id, req.body);
      return ok;
    },
  );

  app.post(
    "/privacidade/incidentes/:id/encerrar",
    { config, schema: { params: ZId, body: ZEncerrarIncidente, response: { 200: ZOk } } },
    async (req) => {
      await encerrarIncidente(deps, contextoEmpresa(req), req.params.id, req.body.conclusao);
      return ok;
    },
  );

  app.post(
    "/privacidade/incidentes/:id/titulares/:leadId/avisar",
    { config, schema: { params: ZIdLead, body: ZAvisarTitular, response: { 200: ZMensagem } } },
    (req) => avisarTitular(deps, contextoEmpresa(req), req.params.id, req.params.leadId, req.body.canal),
  );

  app.post(
    "/privacidade/incidentes/:id/titulares/avisar-todos",
    { config, schema: { params: ZId, response: { 200: ZAvisosEmLote } } },
    (req) => avisarTodos(deps, contextoEmpresa(req), req.params.id),
  );

  app.get(
    "/privacidade/incidentes-plataforma",
    { config: plataforma, schema: { response: { 200: ZIncidentesPlataforma } } },
    (req) => unsafeListarIncidentesPlataforma(deps, contexto(req)),
  );

  app.post(
    "/privacidade/incidentes-plataforma",
    { config: plataforma, schema: { body: ZNovoIncidentePlataforma, response: { 201: ZIncidenteCriado } } },
    async (req, reply) => reply.status(201).send(await unsafeRegistrarIncidentePlataforma(deps, contexto(req), req.body)),
  );
};
