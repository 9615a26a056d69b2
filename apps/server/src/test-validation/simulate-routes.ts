import { MSG } from "@crm/domain/messages";
import { ZPainelTestes, ZSimularMensagem } from "@crm/domain/schemas/whatsapp";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { withTenant } from "../db/tenant.js";
import { badRequest } from "../http/errors.js";
import { contextoEmpresa } from "../http/tenant.js";
import { lerUpload, registrarUpload, validarAnexo } from "../http/upload.js";
import { lerConfigWhatsApp } from "../whatsapp/providers/company-config.js";
import { simularMensagemRecebida } from "./simulate-lead.js";

const config = { permissao: "testes.usar", alvo: "propria" } as const;
const ZAceito = z.object({ providerId: z.string() });

/** /test-validation's actions (000 §2.7) for company admins: the panel's data and 'Simular lead'. */
export const simulateRoutes: FastifyPluginAsyncZod = async (app) => {
  await registrarUpload(app);

  app.get("/testes/painel", { config, schema: { response: { 200: ZPainelTestes } } }, async (req) => {
    const c = contextoEmpresa(req);
    return withTenant(app.deps.db.app, c, async (tx) => {
      const cfg = await lerConfigWhatsApp(tx, app.deps.config.appSecret, c.empresaId);
      const leads = await tx.query(
        `SELECT id, nome, telefone, status_lead, origem_lead, ultima_mensagem_em, created_at FROM leads_juros_check
          WHERE id_empresa_fk = $1 AND origem_lead = 'WhatsApp' ORDER BY created_at DESC, id LIMIT 10`,
        [c.empresaId],
      );
      const notificacoes = await tx.query(
        `SELECT id, titulo, tipo, created_at FROM notificacoes WHERE id_empresa_fk = $1 AND id_usuario_fk = $2
          ORDER BY created_at DESC, id DESC LIMIT 5`,
        [c.empresaId, c.usuarioId],
      );
      const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
      return {
        provedor: cfg?.provedor ?? "sandbox",
        leads: leads.rows.map((l) => ({
          ...l,
          ultima_mensagem_em: iso(l.ultima_mensagem_em),
          created_at: iso(l.created_at) as string,
        })),
        notificacoes: notificacoes.rows.map((n) => ({ ...n, created_at: iso(n.created_at) as string })),
      };
    });
  });

  app.post(
    "/testes/simular-mensagem",
    { config, schema: { body: ZSimularMensagem, response: { 202: ZAceito } } },
    async (req, reply) => {
      const r = await simularMensagemRecebida(app.deps, contextoEmpresa(req), req.body, null);
      return reply.status(202).send(r);
    },
  );

  app.post("/testes/simular-midia", { config, schema: { response: { 202: ZAceito } } }, async (req, reply) => {
    const c = contextoEmpresa(req);
    const { campos, arquivo } = await lerUpload(req);
    const entrada = ZSimularMensagem.safeParse(campos);
    if (!entrada.success) throw badRequest(entrada.error.issues[0].message);
    if (!arquivo) throw badRequest(MSG.mensagemVazia);
    const tipo = campos.tipo === "image" ? "image" : "document";
    const mime = await validarAnexo(tipo, arquivo.dados, arquivo.nome);
    const r = await simularMensagemRecebida(app.deps, c, entrada.data, { dados: arquivo.dados, nome: arquivo.nome, mime, tipo });
    return reply.status(202).send(r);
  });
};
