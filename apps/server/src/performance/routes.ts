import { ZAtividadesRecentes, ZDesempenho, ZFiltroDesempenho } from "@crm/domain/schemas/performance";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAuth } from "../http/auth-context.js";
import { calcularDesempenho } from "./consultant-performance.js";
import { listarAtividadesRecentes } from "./recent-activity.js";

const ctx = (req: Parameters<typeof requireAuth>[0]) => {
  const a = requireAuth(req);
  return { empresaId: a.empresaId, usuarioId: a.usuarioId, papel: a.papel };
};

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
