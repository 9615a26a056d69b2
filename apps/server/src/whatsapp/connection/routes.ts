import { pode } from "@crm/domain/permissions";
import { ZEmpresaAlvo } from "@crm/domain/schemas/team";
import { ZConexaoWhatsApp } from "@crm/domain/schemas/whatsapp";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contextoEmpresa } from "../../http/tenant.js";
import { verificarConexao } from "./check-connection.js";

/** /api/whatsapp/conexao: state for every role (chat, Conversas, the read-only status page); live check and QR code for admins. */
export const connectionRoutes: FastifyPluginAsyncZod = async (app) => {
  // the company's own people act on their company; the platform admin on the one named in ?empresaId= (001 §6:
  // 'WhatsApp connection' is theirs too)

  app.get(
    "/whatsapp/conexao",
    {
      config: { permissao: "whatsapp.status", alvo: "empresa" },
      schema: { querystring: ZEmpresaAlvo, response: { 200: ZConexaoWhatsApp } },
    },
    async (req) => {
      const c = await verificarConexao(app.deps, contextoEmpresa(req));
      // the QR code pairs a phone with the company's gateway: only for those who may configure it (decision 1502)
      return pode(req.auth?.papel, "whatsapp.configurar") ? c : { ...c, qrCode: null };
    },
  );

  // the connection screen's check (on open, every 30 s): asks the provider
  app.post(
    "/whatsapp/conexao/verificar",
    {
      config: { permissao: "whatsapp.configurar", alvo: "empresa" },
      schema: { querystring: ZEmpresaAlvo, body: z.object({}).optional(), response: { 200: ZConexaoWhatsApp } },
    },
    async (req) => verificarConexao(app.deps, contextoEmpresa(req), { vivo: true }),
  );

  app.post(
    "/whatsapp/conexao/conectar",
    {
      config: { permissao: "whatsapp.configurar", alvo: "empresa" },
      schema: { querystring: ZEmpresaAlvo, body: z.object({}).optional(), response: { 200: ZConexaoWhatsApp } },
    },
    async (req) => verificarConexao(app.deps, contextoEmpresa(req), { conectar: true }),
  );
};
