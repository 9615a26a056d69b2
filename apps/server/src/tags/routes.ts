import { ZEtiqueta, ZEtiquetasDoLead, ZEtiquetasEmMassa, ZSalvarEtiqueta } from "@crm/domain/schemas/tags";
import { MSG_ETIQUETAS } from "@crm/domain/tags";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { comLeadAcessivel } from "../chat/access.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { contexto } from "../http/tenant.js";
import { etiquetasDoLead, mudarEtiquetasDosLeads } from "./lead-tags.js";
import { criarEtiqueta, editarEtiqueta, excluirEtiqueta, listarEtiquetas } from "./tags.js";

const usar = { permissao: "etiquetas.usar", negado: MSG_ETIQUETAS.acessoNegado } as const;
const gerenciar = { permissao: "etiquetas.gerenciar", negado: MSG_ETIQUETAS.acessoNegado } as const;
const ZId = z.object({ id: z.guid() });
const ZLead = z.object({ leadId: z.string().max(100) });
/** The roles of etiquetas.* always belong to a company. */
const quem = (a: TTenantCtx) => ({ empresaId: a.empresaId as string, usuarioId: a.usuarioId });

/** Company tags (settings) and the tags of leads: the chat, the board card, /leads in bulk (decision 1833). */
export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tx = <T>(a: TTenantCtx, fn: Parameters<typeof withTenant<T>>[2]) => withTenant(deps.db.app, a, fn);

  app.get("/etiquetas", { config: usar, schema: { response: { 200: z.array(ZEtiqueta) } } }, (req) => {
    const a = contexto(req);
    return tx(a, (t) => listarEtiquetas(t, quem(a).empresaId));
  });
  app.post(
    "/etiquetas",
    { config: gerenciar, schema: { body: ZSalvarEtiqueta, response: { 201: ZEtiqueta } } },
    async (req, reply) => {
      const a = contexto(req);
      return reply.status(201).send(await tx(a, (t) => criarEtiqueta(t, quem(a), req.body)));
    },
  );
  app.put(
    "/etiquetas/:id",
    { config: gerenciar, schema: { params: ZId, body: ZSalvarEtiqueta, response: { 200: ZEtiqueta } } },
    (req) => {
      const a = contexto(req);
      return tx(a, (t) => editarEtiqueta(t, quem(a), req.params.id, req.body));
    },
  );
  app.delete("/etiquetas/:id", { config: gerenciar, schema: { params: ZId } }, async (req, reply) => {
    const a = contexto(req);
    await tx(a, (t) => excluirEtiqueta(t, quem(a), req.params.id));
    return reply.status(204).send();
  });

  app.get("/chat/:leadId/etiquetas", { config: usar, schema: { params: ZLead, response: { 200: z.array(ZEtiqueta) } } }, (req) =>
    comLeadAcessivel(deps.db.app, contexto(req), req.params.leadId, (t, lead) => etiquetasDoLead(t, lead.empresaId, lead.id)),
  );
  app.put(
    "/chat/:leadId/etiquetas",
    { config: usar, schema: { params: ZLead, body: ZEtiquetasDoLead, response: { 200: z.array(ZEtiqueta) } } },
    (req) => {
      const a = contexto(req);
      return comLeadAcessivel(deps.db.app, a, req.params.leadId, async (t, lead) => {
        await mudarEtiquetasDosLeads(t, {
          empresaId: lead.empresaId,
          usuarioId: a.usuarioId,
          leadIds: [lead.id],
          mudanca: { definir: req.body.etiquetas },
        });
        return etiquetasDoLead(t, lead.empresaId, lead.id);
      });
    },
  );
  app.post(
    "/leads/etiquetas",
    { config: usar, schema: { body: ZEtiquetasEmMassa, response: { 200: z.object({ alterados: z.number().int() }) } } },
    async (req) => {
      const a = contexto(req);
      const { leadIds, adicionar, remover } = req.body;
      const mudaram = await tx(a, (t) => mudarEtiquetasDosLeads(t, { ...quem(a), leadIds, mudanca: { adicionar, remover } }));
      return { alterados: mudaram.length };
    },
  );
};
