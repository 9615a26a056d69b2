import { MSG } from "@crm/domain/messages";
import { zId } from "@crm/domain/schemas/id";
import {
  ZCustoMarketing,
  ZCustoMarketingForm,
  ZFiltroCustos,
  ZImportacaoCustos,
  ZImportacaoCustosRecusada,
  ZListaCustos,
} from "@crm/domain/schemas/marketing";
import { ZEmpresaAlvo } from "@crm/domain/schemas/team";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { metaDaRequisicao } from "../auth/request-meta.js";
import { contextoEmpresa } from "../http/tenant.js";
import { importarCustos, lerCsvDeCustos, registrarUploadCustos } from "./import-costs.js";
import { listarCustos } from "./list-costs.js";
import { atualizarCusto, criarCusto, excluirCusto } from "./save-cost.js";

/** 001 §6: Admin Empresa and Admin Plataforma (naming the company); anyone else gets the spec's refusal. */
const config = { permissao: "marketing.gerenciar", alvo: "empresa", negado: MSG.acessoNegadoMarketing } as const;
const ZId = z.object({ id: zId() });

/** /marketing ('Custos de Marketing', 001 §7): the company's ad spend, read by period and platform, written by id. */
export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await registrarUploadCustos(app);

  app.get("/custos-marketing", { config, schema: { querystring: ZFiltroCustos, response: { 200: ZListaCustos } } }, async (req) =>
    listarCustos(deps, contextoEmpresa(req), req.query),
  );

  app.post(
    "/custos-marketing",
    { config, schema: { querystring: ZEmpresaAlvo, body: ZCustoMarketingForm, response: { 201: ZCustoMarketing } } },
    async (req, reply) => reply.status(201).send(await criarCusto(deps, contextoEmpresa(req), req.body, metaDaRequisicao(req))),
  );

  app.put(
    "/custos-marketing/:id",
    { config, schema: { params: ZId, querystring: ZEmpresaAlvo, body: ZCustoMarketingForm, response: { 200: ZCustoMarketing } } },
    async (req) => atualizarCusto(deps, contextoEmpresa(req), req.params.id, req.body, metaDaRequisicao(req)),
  );

  app.delete("/custos-marketing/:id", { config, schema: { params: ZId, querystring: ZEmpresaAlvo } }, async (req, reply) => {
    await excluirCusto(deps, contextoEmpresa(req), req.params.id, metaDaRequisicao(req));
    return reply.status(204).send();
  });

  app.post(
    "/custos-marketing/importacao",
    { config, schema: { querystring: ZEmpresaAlvo, response: { 200: ZImportacaoCustos, 422: ZImportacaoCustosRecusada } } },
    async (req, reply) => {
      const ctx = contextoEmpresa(req);
      const r = await importarCustos(deps, ctx, await lerCsvDeCustos(req), metaDaRequisicao(req));
      return r.ok ? reply.send(r.r) : reply.status(422).send(r.recusa);
    },
  );
};
