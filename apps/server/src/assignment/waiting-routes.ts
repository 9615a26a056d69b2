import { dentroDoExpediente } from "@crm/domain/assignment";
import { ZEmpresaAlvo } from "@crm/domain/schemas/team";
import { ZConfigAtribuicao, ZConfigAtribuicaoSalva, ZFilaEspera } from "@crm/domain/schemas/waiting";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { relogio } from "../core/clock.js";
import { withTenant } from "../db/tenant.js";
import { contextoEmpresa } from "../http/tenant.js";
import { pedirAtribuicaoDaFila } from "./waiting-queue.js";
import { contarAguardando } from "./waiting-sql.js";

/**
 * The waiting queue (decision 1503): its count for the admins' sidebar and /leads, and the
 * company's rule for offline consultants during business hours (the company settings screen).
 */
export const waitingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/atribuicao/fila",
    {
      config: { permissao: "leads.gerenciar", alvo: "empresa" },
      schema: { querystring: ZEmpresaAlvo, response: { 200: ZFilaEspera } },
    },
    async (req) => {
      const ctx = contextoEmpresa(req);
      return { aguardando: await withTenant(deps.db.app, ctx, (tx) => contarAguardando(tx, ctx.empresaId)) };
    },
  );

  const configurar = { permissao: "empresa.configurar", alvo: "propria" } as const;
  app.get("/empresa/atribuicao", { config: configurar, schema: { response: { 200: ZConfigAtribuicaoSalva } } }, async (req) => {
    const ctx = contextoEmpresa(req);
    return withTenant(deps.db.app, ctx, async (tx) => {
      const { rows } = await tx.query(
        `SELECT atribuir_offline_expediente, expediente_dias AS dias,
                to_char(expediente_inicio, 'HH24:MI') AS inicio, to_char(expediente_fim, 'HH24:MI') AS fim
           FROM empresas WHERE id = $1`,
        [ctx.empresaId],
      );
      return rows[0];
    });
  });

  app.put(
    "/empresa/atribuicao",
    { config: configurar, schema: { body: ZConfigAtribuicao, response: { 200: ZConfigAtribuicaoSalva } } },
    async (req) => {
      const ctx = contextoEmpresa(req);
      const c = req.body;
      await withTenant(deps.db.app, ctx, async (tx) => {
        await tx.query(
          `UPDATE empresas SET atribuir_offline_expediente = $2, expediente_dias = $3, expediente_inicio = $4,
                  expediente_fim = $5, updated_at = now()
            WHERE id = $1`,
          [ctx.empresaId, c.atribuir_offline_expediente, c.dias, c.inicio, c.fim],
        );
        // turned on inside the hours: the leads already waiting need not wait for someone to come online
        if (c.atribuir_offline_expediente && dentroDoExpediente(relogio.agora(), c))
          await pedirAtribuicaoDaFila(deps, tx, ctx.empresaId);
      });
      return c;
    },
  );
};
