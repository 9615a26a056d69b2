import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

/** GET /api/health: 200 with the database state when it answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      config: { publica: true },
      schema: {
        response: {
          200: z.object({
            status: z.literal("ok"),
            banco: z.object({ ok: z.boolean(), latenciaMs: z.number(), migracao: z.string().nullable() }),
          }),
          503: z.object({ status: z.literal("erro"), banco: z.object({ ok: z.literal(false) }) }),
        },
      },
    },
    async (_req, reply) => {
      const t = performance.now();
      try {
        const { rows } = await app.deps.db.owner.query("SELECT max(versao) AS v FROM schema_migrations");
        return {
          status: "ok" as const,
          banco: { ok: true, latenciaMs: Math.round(performance.now() - t), migracao: rows[0]?.v ?? null },
        };
      } catch {
        return reply.status(503).send({ status: "erro" as const, banco: { ok: false as const } });
      }
    },
  );
};
