import { MSG_CAMPANHAS } from "@crm/domain/campaigns";
import {
  ZAcaoCampanha,
  ZCampanha,
  ZContagemPublico,
  ZFiltrosCampanha,
  ZModelosCampanha,
  ZNovaCampanha,
} from "@crm/domain/schemas/campaigns";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { withTenant } from "../db/tenant.js";
import { contextoEmpresa } from "../http/tenant.js";
import { contarPublico } from "./audience.js";
import { criarCampanha, lerCampanha, listarCampanhas, mudarEstadoCampanha } from "./campaigns.js";
import { FILA_CAMPANHAS } from "./sender.js";
import { modelosDaCampanha } from "./templates.js";

/** The company admin's own company only (decision 1791: `propria`); the permission table's one key. */
const config = { permissao: "campanhas.gerenciar", negado: MSG_CAMPANHAS.acessoNegado, alvo: "propria" } as const;
const ZId = z.object({ id: z.guid() });

/** Opt-in campaigns (/campanhas, decisions 1891–1894): audience count, create and plan, list, detail, pause/resume/cancel. */
export const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    "/campanhas/publico",
    { config, schema: { body: z.object({ filtros: ZFiltrosCampanha }), response: { 200: ZContagemPublico } } },
    (req) => {
      const ctx = contextoEmpresa(req);
      return withTenant(deps.db.app, ctx, (tx) => contarPublico(tx, ctx.empresaId, req.body.filtros));
    },
  );

  app.get("/campanhas/modelos", { config, schema: { response: { 200: ZModelosCampanha } } }, (req) =>
    modelosDaCampanha(deps, contextoEmpresa(req)),
  );

  app.get("/campanhas", { config, schema: { response: { 200: z.array(ZCampanha) } } }, (req) => {
    const ctx = contextoEmpresa(req);
    return withTenant(deps.db.app, ctx, (tx) => listarCampanhas(tx, ctx.empresaId));
  });

  app.post("/campanhas", { config, schema: { body: ZNovaCampanha, response: { 201: ZCampanha } } }, async (req, reply) => {
    const ctx = contextoEmpresa(req);
    const campanha = await withTenant(deps.db.app, ctx, async (tx) => {
      const { id } = await criarCampanha(
        tx,
        { empresaId: ctx.empresaId, autor: { origem: "usuario", usuarioId: ctx.usuarioId }, appSecret: deps.config.appSecret },
        req.body,
      );
      // the first pass right away when the start is now (the sweep would find it within seconds anyway)
      await deps.jobs.enviar(FILA_CAMPANHAS, { empresaId: ctx.empresaId }, { tx, chave: ctx.empresaId });
      return lerCampanha(tx, ctx.empresaId, id);
    });
    deps.jobs.acordar(FILA_CAMPANHAS);
    return reply.status(201).send(campanha);
  });

  app.get("/campanhas/:id", { config, schema: { params: ZId, response: { 200: ZCampanha } } }, (req) => {
    const ctx = contextoEmpresa(req);
    return withTenant(deps.db.app, ctx, (tx) => lerCampanha(tx, ctx.empresaId, req.params.id));
  });

  app.post(
    "/campanhas/:id/estado",
    { config, schema: { params: ZId, body: ZAcaoCampanha, response: { 200: ZCampanha } } },
    (req) => {
      const ctx = contextoEmpresa(req);
      return withTenant(deps.db.app, ctx, async (tx) => {
        await mudarEstadoCampanha(
          tx,
          { empresaId: ctx.empresaId, autor: { origem: "usuario", usuarioId: ctx.usuarioId } },
          req.params.id,
          req.body.acao,
        );
        return lerCampanha(tx, ctx.empresaId, req.params.id);
      });
    },
  );
};
