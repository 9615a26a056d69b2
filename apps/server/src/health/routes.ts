import { MSG } from "@crm/domain/messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const ZBanco = z.object({ ok: z.boolean(), latenciaMs: z.number(), migracao: z.string().nullable() });

/**
 * Liveness and readiness, kept apart (ARCHITECTURE §5): `/api/live` answers while the process serves, whatever the
 * database does (a supervisor restarts only a process that stopped answering); `/api/ready` and `/api/health` answer
 * 503 while PostgreSQL is away, so a load balancer sends no traffic and the web app shows it is reconnecting. Ready
 * also means listening again to PostgreSQL's notifications: until then a write's live event would reach no screen
 * (decision 1661). From the shutdown signal on, ready answers 503 at once (decision 1853).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/live",
    { config: { publica: true }, schema: { response: { 200: z.object({ status: z.literal("ok") }) } } },
    async () => ({ status: "ok" as const }),
  );

  for (const url of ["/ready", "/health"]) {
    app.get(
      url,
      {
        config: { publica: true },
        schema: {
          response: {
            200: z.object({ status: z.literal("ok"), banco: ZBanco }),
            503: z.object({ status: z.literal("erro"), erro: z.string(), banco: z.object({ ok: z.literal(false) }) }),
          },
        },
      },
      async (_req, reply) => {
        const t = performance.now();
        try {
          if (app.ciclo.encerrando) throw new Error("encerrando");
          await deps.db.app.query("SELECT 1");
          if (!deps.realtime.ouvindo()) throw new Error("LISTEN ainda não voltou");
          return {
            status: "ok" as const,
            banco: { ok: true, latenciaMs: Math.round(performance.now() - t), migracao: deps.migracao },
          };
        } catch {
          return reply
            .status(503)
            .header("retry-after", "2")
            .send({ status: "erro" as const, erro: MSG.servicoIndisponivel, banco: { ok: false as const } });
        }
      },
    );
  }
};
