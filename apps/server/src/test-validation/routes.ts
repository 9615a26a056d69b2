import { MSG } from "@crm/domain/messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { withTenant } from "../db/tenant.js";
import { badRequest } from "../http/errors.js";
import { contexto } from "../http/tenant.js";
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
      const ctx = contexto(req);
      const empresaId = ctx.empresaId;
      if (!empresaId) throw badRequest(MSG.empresaNaoEncontrada);
      await withTenant(app.deps.db.app, ctx, (tx) =>
        notificar(app.deps, tx, {
          empresaId,
          destino: { usuarioId: ctx.usuarioId },
          tipo: "system",
          titulo: req.body.titulo,
          conteudo: "Se você está vendo isto, as notificações em tempo real estão funcionando.",
        }),
      );
      return reply.status(201).send({ ok: true });
    },
  );
};
