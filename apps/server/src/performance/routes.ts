import { ZAtividadesRecentes, ZDesempenho, ZFiltroDesempenho } from "@crm/domain/schemas/performance";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contexto } from "../http/tenant.js";
import { calcularDesempenho } from "./consultant-performance.js";
import { listarAtividadesRecentes } from "./recent-activity.js";

const ctx = contexto;

/** /desempenho (000 §2.9) and the Consultor dashboard (000 §2.10): the signed-in consultant's own figures. */
export const performanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/desempenho",
    { config: { permissao: "desempenho.ver" }, schema: { querystring: ZFiltroDesempenho, response: { 200: ZDesempenho } } },
    (req) => calcularDesempenho(app.deps, ctx(req), req.query),
  );

  app.get(
    "/desempenho/atividades",
    { config: { permissao: "dashboard.consultor" }, schema: { response: { 200: ZAtividadesRecentes } } },
    async (req) => ({ atividades: await listarAtividadesRecentes(app.deps, ctx(req)) }),
  );
};
