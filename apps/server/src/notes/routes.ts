import { MSG_NOTAS } from "@crm/domain/notes";
import { ZMencionavel, ZNota, ZNovaNota } from "@crm/domain/schemas/notes";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { comLeadAcessivel } from "../chat/access.js";
import { withTenant } from "../db/tenant.js";
import type { TAuth } from "../http/auth-context.js";
import { contexto } from "../http/tenant.js";
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
    comLeadAcessivel(deps.db.app, contexto(req), req.params.leadId, (tx, lead) => listarNotas(tx, lead.empresaId, lead.id)),
  );

  app.post(
    "/chat/:leadId/notas",
    { config, schema: { params: ZLead, body: ZNovaNota, response: { 201: ZNota } } },
    async (req, reply) => {
      // the note's author name comes from the session (the guard ran: the route has a permission)
      const auth = req.auth as TAuth;
      const nota = await comLeadAcessivel(deps.db.app, contexto(req), req.params.leadId, (tx, lead) =>
        criarNota(deps, tx, lead, auth, req.body),
      );
      return reply.status(201).send(nota);
    },
  );

  app.get("/notas/mencionaveis", { config, schema: { response: { 200: z.array(ZMencionavel) } } }, (req) => {
    const ctx = contexto(req);
    return withTenant(deps.db.app, ctx, (tx) => listarMencionaveis(tx, ctx.empresaId as string));
  });
};
