import { ZAtribuicaoAutomatica, ZAtribuicaoManual, ZResultadoAtribuicao } from "@crm/domain/schemas/screening";
import { ZEmpresaAlvo } from "@crm/domain/schemas/team";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { automatica, manual } from "../assignment/on-request.js";
import { contextoEmpresa } from "../http/tenant.js";

/**
 * The /test-validation actions of 000 §2.7 (testes.usar): 'test lead assignment' (the assign-lead function) and
 * 'test direct assignment', through the same code as the leads screen and the screening (assignment/assign-lead.ts).
 */
export const testAssignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const testes = { permissao: "testes.usar", alvo: "empresa" } as const;
  const resp = { response: { 200: ZResultadoAtribuicao } };

  app.post(
    "/testes/atribuir-lead",
    { config: testes, schema: { querystring: ZEmpresaAlvo, body: ZAtribuicaoAutomatica, ...resp } },
    async (req) => automatica(deps, contextoEmpresa(req), req.body.leadId),
  );
  // 000 §4: direct assignment sets the older status field to 'qualificado' and the consultant
  app.post(
    "/testes/atribuicao-direta",
    { config: testes, schema: { querystring: ZEmpresaAlvo, body: ZAtribuicaoManual, ...resp } },
    async (req) => manual(deps, contextoEmpresa(req), req.body.leadId, req.body.consultorId, "qualificado"),
  );
};
