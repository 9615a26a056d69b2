import { MSG } from "@crm/domain/messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { withTenant } from "../db/tenant.js";
import { requireAuth } from "../http/auth-context.js";
import { badRequest } from "../http/errors.js";
import { notificar } from "../notifications/notify.js";

/**
 * Tools of the /test-validation page (000 §2.7) for company admins: send yourself a notification to check
 * the bell, the beep and the desktop notification end to end. Uses the same notificar() as every feature.
 */
export const testingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/testes/notificacao",
    {
      config: { permissao: "testes.usar" },
      schema: { body: z.object({ titulo: z.string().trim().min(1).max(200).default("Notificação de teste") }) },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      if (!auth.empresaId) throw badRequest(MSG.empresaNaoEncontrada);
      await withTenant(app.deps.db.app, { empresaId: auth.empresaId, usuarioId: auth.usuarioId, papel: auth.papel }, (tx) =>
        notificar(app.deps, tx, {
          empresaId: auth.empresaId as string,
          destino: { usuarioId: auth.usuarioId },
          tipo: "system",
          titulo: req.body.titulo,
          conteudo: "Se você está vendo isto, as notificações em tempo real estão funcionando.",
        }),
      );
      return reply.status(201).send({ ok: true });
    },
  );
};
