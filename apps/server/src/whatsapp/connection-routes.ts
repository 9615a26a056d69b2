import { MSG } from "@crm/domain/messages";
import { ZConexaoWhatsApp } from "@crm/domain/schemas/whatsapp";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAuth } from "../http/auth-context.js";
import { badRequest } from "../http/errors.js";
import { verificarConexao } from "./check-connection.js";

/** /api/whatsapp/conexao: state for every role (chat, Conversas); live check and QR code for admins. */
export const connectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctxEmpresa = (req: Parameters<typeof requireAuth>[0]) => {
    const a = requireAuth(req);
    if (!a.empresaId) throw badRequest(MSG.empresaNaoEncontradaLogado);
    return { empresaId: a.empresaId, usuarioId: a.usuarioId, papel: a.papel };
  };

  app.get(
    "/whatsapp/conexao",
    { config: { permissao: "whatsapp.status" }, schema: { response: { 200: ZConexaoWhatsApp } } },
    (req) => verificarConexao(app.deps, ctxEmpresa(req)),
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
