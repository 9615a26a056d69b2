import { ZAtribuicaoAutomatica, ZResultadoAtribuicao } from "@crm/domain/schemas/screening";
import { ZEmpresaAlvo } from "@crm/domain/schemas/team";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contextoEmpresa } from "../http/tenant.js";
import { automatica } from "./on-request.js";

/**
 * Lead assignment: automatic assignment on request (leads.gerenciar; the leads screen may offer it). The
 * /test-validation actions are in test-validation/assignment-routes.ts; both go through assign-lead.ts, the code the
 * screening uses.
 */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const gerenciar = { permissao: "leads.gerenciar", alvo: "empresa" } as const;
  const resp = { response: { 200: ZResultadoAtribuicao } };

  app.post(
    "/atribuicao/automatica",
    { config: gerenciar, schema: { querystring: ZEmpresaAlvo, body: ZAtribuicaoAutomatica, ...resp } },
    async (req) => automatica(deps, contextoEmpresa(req), req.body.leadId),
  );
};
