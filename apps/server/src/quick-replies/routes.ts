import { MSG_RESPOSTAS } from "@crm/domain/quick-replies";
import { ZBuscaRespostas, ZRespostaPreenchida, ZRespostaRapida, ZSalvarResposta } from "@crm/domain/schemas/quick-replies";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { comLeadAcessivel } from "../chat/access.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { contexto } from "../http/tenant.js";
import { criarResposta, editarResposta, excluirResposta, listarRespostas, type TQuemResponde } from "./quick-replies.js";
import { respostasParaLead } from "./search.js";

const usar = { permissao: "respostas.usar", negado: MSG_RESPOSTAS.acessoNegado } as const;
const ZId = z.object({ id: z.guid() });
const ZLead = z.object({ leadId: z.string().max(100) });
/** The roles of respostas.* always belong to a company. */
const quem = (a: TTenantCtx): TQuemResponde => ({ empresaId: a.empresaId as string, usuarioId: a.usuarioId, papel: a.papel });

/** Quick replies (decision 1838): settings (company's and one's own) and the composer's '/' list for a lead. */
export const quickReplyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tx = <T>(a: TTenantCtx, fn: Parameters<typeof withTenant<T>>[2]) => withTenant(deps.db.app, a, fn);

  app.get("/respostas-rapidas", { config: usar, schema: { response: { 200: z.array(ZRespostaRapida) } } }, (req) => {
    const a = contexto(req);
    return tx(a, (t) => listarRespostas(t, quem(a)));
  });
  app.post(
    "/respostas-rapidas",
    { config: usar, schema: { body: ZSalvarResposta, response: { 201: ZRespostaRapida } } },
    async (req, reply) => {
      const a = contexto(req);
      return reply.status(201).send(await tx(a, (t) => criarResposta(t, quem(a), req.body)));
    },
  );
  app.put(
    "/respostas-rapidas/:id",
    { config: usar, schema: { params: ZId, body: ZSalvarResposta.omit({ escopo: true }), response: { 200: ZRespostaRapida } } },
    (req) => {
      const a = contexto(req);
      return tx(a, (t) => editarResposta(t, quem(a), req.params.id, req.body));
    },
  );
  app.delete("/respostas-rapidas/:id", { config: usar, schema: { params: ZId } }, async (req, reply) => {
    const a = contexto(req);
    const midia = await tx(a, (t) => excluirResposta(t, quem(a), req.params.id));
    if (midia) await deps.storage.remover(midia).catch(() => {});
    return reply.status(204).send();
  });

  app.get(
    "/chat/:leadId/respostas-rapidas",
    { config: usar, schema: { params: ZLead, querystring: ZBuscaRespostas, response: { 200: z.array(ZRespostaPreenchida) } } },
    (req) => {
      const a = contexto(req);
      return comLeadAcessivel(deps.db.app, a, req.params.leadId, (t, lead) =>
        respostasParaLead(t, { ...quem(a), empresaId: lead.empresaId }, lead.id, req.query.q),
      );
    },
  );
};
