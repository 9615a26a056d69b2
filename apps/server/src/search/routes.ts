import { ZBusca, ZResultadoBusca } from "@crm/domain/schemas/search";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contexto } from "../http/tenant.js";
import { buscar } from "./search.js";

/** GET /api/busca?q= : the top bar's search as you type. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/busca",
    {
      config: { permissao: "busca.usar", alvo: "empresaOpcional" },
      schema: { querystring: ZBusca, response: { 200: ZResultadoBusca } },
    },
    (req) => {
      return buscar(app.deps, contexto(req), req.query.q);
    },
  );
};
