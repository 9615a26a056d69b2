import { pode } from "@crm/domain/permissions";
import { ZConexaoWhatsApp } from "@crm/domain/schemas/whatsapp";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contextoDaEmpresa } from "../http/auth-context.js";
import { verificarConexao } from "./check-connection.js";

/** /api/whatsapp/conexao: state for every role (chat, Conversas, the read-only status page); live check and QR code for admins. */
export const connectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctxEmpresa = (req: FastifyRequest) => contextoDaEmpresa(req);

  app.get(
    "/whatsapp/conexao",
    { config: { permissao: "whatsapp.status" }, schema: { response: { 200: ZConexaoWhatsApp } } },
    async (req) => {
      const c = await verificarConexao(app.deps, ctxEmpresa(req));
      // the QR code pairs a phone with the company's gateway: only for those who may configure it (issue 15 part 3)
      return pode(req.auth?.papel, "whatsapp.configurar") ? c : { ...c, qrCode: null };
    },
  );

  // the connection screen's check (on open, every 30 s): asks the provider
  app.post(
    "/whatsapp/conexao/verificar",
    {
      config: { permissao: "whatsapp.configurar" },
      schema: { body: z.object({}).optional(), response: { 200: ZConexaoWhatsApp } },
    },
    (req) => verificarConexao(app.deps, ctxEmpresa(req), { vivo: true }),
  );

  app.post(
    "/whatsapp/conexao/conectar",
    {
      config: { permissao: "whatsapp.configurar" },
      schema: { body: z.object({}).optional(), response: { 200: ZConexaoWhatsApp } },
    },
    (req) => verificarConexao(app.deps, ctxEmpresa(req), { conectar: true }),
  );
};
