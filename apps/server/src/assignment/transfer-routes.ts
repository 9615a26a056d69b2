import { ZDestinoTransferencia, ZResultadoTransferencia, ZTransferencia } from "@crm/domain/schemas/transfer";
import { MSG_TRANSFERENCIA } from "@crm/domain/transfer";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { comLeadAcessivel } from "../chat/access.js";
import type { TAuth } from "../http/auth-context.js";
import { contexto } from "../http/tenant.js";
import { listarDestinos, transferirLead } from "./transfer.js";

const config = { permissao: "leads.transferir", negado: MSG_TRANSFERENCIA.soResponsavel } as const;
const ZLead = z.object({ leadId: z.string().max(100) });

/**
 * Transfer from the chat (decision 1836): /api/chat/{leadId}/transferencia, and the consultants the dialog offers.
 */
export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/chat/:leadId/transferencia/destinos",
    { config, schema: { params: ZLead, response: { 200: z.array(ZDestinoTransferencia) } } },
    (req) => comLeadAcessivel(deps.db.app, contexto(req), req.params.leadId, (tx, lead) => listarDestinos(tx, lead.empresaId)),
  );

  app.post(
    "/chat/:leadId/transferencia",
    { config, schema: { params: ZLead, body: ZTransferencia, response: { 200: ZResultadoTransferencia } } },
    // the author's name comes from the session (the guard ran: the route has a permission)
    (req) => {
      const auth = req.auth as TAuth;
      return transferirLead(
        deps,
        contexto(req),
        { usuarioId: auth.usuarioId, nome: auth.nome || auth.email },
        req.params.leadId,
        req.body,
      );
    },
  );
};
