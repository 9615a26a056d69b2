import { MSG } from "@crm/domain/messages";
import {
  ZAtribuicao,
  ZConversoesMeta,
  ZConversoesMetaForm,
  ZFiltroAtribuicao,
  ZTesteConversoesMeta,
} from "@crm/domain/schemas/attribution";
import { ZEmpresaAlvo } from "@crm/domain/schemas/team";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { withTenant } from "../db/tenant.js";
import { contextoEmpresa } from "../http/tenant.js";
import { resultadosPorCampanha } from "./campaign-figures.js";
import { carregarConversoes, lerConfigConversoes, salvarConversoes } from "./conversions-settings.js";
import { testarConversoes } from "./send-conversion.js";

/** The per-campaign figures: the roles of /marketing and /financeiro (Admin Empresa, Admin Plataforma naming the company). */
const figuras = { permissao: "marketing.gerenciar", alvo: "empresa", negado: MSG.acessoNegadoMarketing } as const;
/** The Conversions API settings: the company's settings' roles. */
const ajustes = { permissao: "empresa.configurar", alvo: "empresa" } as const;

/** Ad attribution (decisions 1212–1214): per-campaign figures and Meta's Conversions API settings. */
export const attributionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/atribuicao/campanhas",
    { config: figuras, schema: { querystring: ZFiltroAtribuicao, response: { 200: ZAtribuicao } } },
    async (req) => resultadosPorCampanha(deps, contextoEmpresa(req), req.query),
  );

  app.get(
    "/atribuicao/conversoes-meta",
    { config: ajustes, schema: { querystring: ZEmpresaAlvo, response: { 200: ZConversoesMeta } } },
    async (req) => carregarConversoes(deps, contextoEmpresa(req)),
  );

  app.put(
    "/atribuicao/conversoes-meta",
    { config: ajustes, schema: { querystring: ZEmpresaAlvo, body: ZConversoesMetaForm, response: { 200: ZConversoesMeta } } },
    async (req) => salvarConversoes(deps, contextoEmpresa(req), req.body),
  );

  app.post(
    "/atribuicao/conversoes-meta/teste",
    {
      config: ajustes,
      schema: { querystring: ZEmpresaAlvo, body: ZConversoesMetaForm, response: { 200: ZTesteConversoesMeta } },
    },
    async (req) => {
      const ctx = contextoEmpresa(req);
      const salva = await withTenant(deps.db.app, ctx, (tx) => lerConfigConversoes(tx, deps.config.appSecret, ctx.empresaId));
      return testarConversoes(deps, {
        datasetId: req.body.id_dataset || salva.datasetId,
        versao: req.body.versao_api,
        token: req.body.access_token || salva.token,
      });
    },
  );
};
