import { MSG_NOTAS } from "@crm/domain/notes";
import { ZMencionavel, ZNota, ZNovaNota } from "@crm/domain/schemas/notes";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { comLeadAcessivel } from "../chat/access.js";
import { withTenant } from "../db/tenant.js";
import { contextoDe, requireAuth } from "../http/auth-context.js";
import { criarNota, listarMencionaveis, listarNotas } from "./notes.js";

const config = { permissao: "notas.usar", negado: MSG_NOTAS.acessoNegado } as const;
const ZLead = z.object({ leadId: z.string().max(100) });

/**
 * Internal notes of a lead (decision 1832): /api/chat/{leadId}/notas (the chat's timeline and the legal process's
 * view read the same list) and whom a note may mention.
 */
export const noteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get("/chat/:leadId/notas", { config, schema: { params: ZLead, response: { 200: z.array(ZNota) } } }, (req) =>
    comLeadAcessivel(deps.db.app, requireAuth(req), req.params.leadId, (tx, lead) => listarNotas(tx, lead.empresaId, lead.id)),
  );

  app.post(
    "/chat/:leadId/notas",
    { config, schema: { params: ZLead, body: ZNovaNota, response: { 201: ZNota } } },
    async (req, reply) => {
      const auth = requireAuth(req);
      const nota = await comLeadAcessivel(deps.db.app, auth, req.params.leadId, (tx, lead) =>
        criarNota(deps, tx, lead, auth, req.body),
      );
      return reply.status(201).send(nota);
    },
  );

  app.get("/notas/mencionaveis", { config, schema: { response: { 200: z.array(ZMencionavel) } } }, (req) => {
    const auth = requireAuth(req);
    return withTenant(deps.db.app, contextoDe(auth), (tx) => listarMencionaveis(tx, auth.empresaId as string));
  });
};
