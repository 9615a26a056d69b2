import { ZFiltroTemposResposta, ZTemposResposta } from "@crm/domain/schemas/business-hours";
import { ZAtividadesRecentes, ZDesempenho, ZFiltroDesempenho } from "@crm/domain/schemas/performance";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contexto, contextoEmpresa } from "../http/tenant.js";
import { calcularDesempenho } from "./consultant-performance.js";
import { listarAtividadesRecentes } from "./recent-activity.js";
import { calcularTemposResposta } from "./response-times.js";

const ctx = contexto;

/**
 * /desempenho (000 §2.9) and the Consultor dashboard (000 §2.10): the signed-in consultant's own figures; the response
 * times (decision 1883): a consultant's own, every consultant's for the company admin.
 */
export const performanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/desempenho",
    { config: { permissao: "desempenho.ver" }, schema: { querystring: ZFiltroDesempenho, response: { 200: ZDesempenho } } },
    (req) => calcularDesempenho(app.deps, ctx(req), req.query),
  );

  app.get(
    "/desempenho/tempos-resposta",
    {
      config: { permissao: "desempenho.ver", alvo: "propria" },
      schema: { querystring: ZFiltroTemposResposta, response: { 200: ZTemposResposta } },
    },
    (req) => calcularTemposResposta(app.deps, contextoEmpresa(req), req.query),
  );

  app.get(
    "/desempenho/atividades",
    { config: { permissao: "dashboard.consultor" }, schema: { response: { 200: ZAtividadesRecentes } } },
    async (req) => ({ atividades: await listarAtividadesRecentes(app.deps, ctx(req)) }),
  );
};
