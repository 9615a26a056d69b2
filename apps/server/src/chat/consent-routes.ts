import { MSG } from "@crm/domain/messages";
import { ZConsentimentoLead, ZNovoConsentimento } from "@crm/domain/schemas/consent";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { lerConsentimentoDoLead } from "../consent/ledger.js";
import { registrarConsentimentoDaEmpresa } from "../consent/record-consent.js";
import { contexto } from "../http/tenant.js";
import { comLeadAcessivel } from "./access.js";

const ZLead = z.object({ leadId: z.string().max(100) });
const naoAutenticado = MSG.usuarioNaoAutenticado;

/**
 * /api/chat/{leadId}/consentimento: the lead's consent now and its history (the chat's badge, the lead's detail), and
 * an opt-in or opt-out the company records (decision 1827). Scoped as the chat is (`comLeadAcessivel`).
 */
export const chatConsentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    "/chat/:leadId/consentimento",
    {
      config: { permissao: "consentimento.ver", naoAutenticado },
      schema: { params: ZLead, response: { 200: ZConsentimentoLead } },
    },
    (req) =>
      comLeadAcessivel(deps.db.app, contexto(req), req.params.leadId, (tx, lead) =>
        lerConsentimentoDoLead(tx, lead.empresaId, lead.id),
      ),
  );
  app.post(
    "/chat/:leadId/consentimento",
    {
      config: { permissao: "consentimento.registrar", naoAutenticado },
      schema: { params: ZLead, body: ZNovoConsentimento, response: { 200: ZConsentimentoLead } },
    },
    (req) => {
      const ctx = contexto(req);
      return comLeadAcessivel(deps.db.app, ctx, req.params.leadId, (tx, lead) =>
        registrarConsentimentoDaEmpresa(tx, { empresaId: lead.empresaId, leadId: lead.id, usuarioId: ctx.usuarioId }, req.body),
      );
    },
  );
};
