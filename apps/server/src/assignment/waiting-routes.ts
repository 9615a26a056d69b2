import { abertoEm } from "@crm/domain/business-hours";
import { ZEmpresaAlvo } from "@crm/domain/schemas/team";
import { ZConfigAtribuicao, ZConfigAtribuicaoSalva, ZFilaEspera } from "@crm/domain/schemas/waiting";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { lerHorario } from "../business-hours/read-hours.js";
import { registrarMudancas } from "../change-log/record.js";
import { relogio } from "../core/clock.js";
import { withTenant } from "../db/tenant.js";
import { contextoEmpresa } from "../http/tenant.js";
import { pedirAtribuicaoDaFila } from "./waiting-queue.js";
import { contarAguardando, lerLimiteConversas } from "./waiting-sql.js";

/** The settings this screen saves, named in the change log (their values are the company's own rule). */
const CAMPOS_ATRIBUICAO = ["atribuir_offline_expediente", "limite_conversas_abertas"];

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
        "SELECT atribuir_offline_expediente, limite_conversas_abertas FROM empresas WHERE id = $1",
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
        const anterior = await lerLimiteConversas(tx, ctx.empresaId);
        await tx.query(
          `UPDATE empresas SET atribuir_offline_expediente = $2, limite_conversas_abertas = $3, updated_at = now()
            WHERE id = $1`,
          [ctx.empresaId, c.atribuir_offline_expediente, c.limite_conversas_abertas],
        );
        await registrarMudancas(tx, {
          empresaId: ctx.empresaId,
          autor: { origem: "usuario", usuarioId: ctx.usuarioId },
          mudancas: [
            { entidade: "configuracao", id: ctx.empresaId, tipo: "configuracao.alterada", depois: { campos: CAMPOS_ATRIBUICAO } },
          ],
        });
        // turned on inside the hours, or the cap changed: the leads already waiting need not wait for someone to come
        // online (a pass that finds nobody stops at the first lead nobody can receive)
        if (
          (c.atribuir_offline_expediente && abertoEm(relogio.agora(), await lerHorario(tx, ctx.empresaId))) ||
          c.limite_conversas_abertas !== anterior
        )
          await pedirAtribuicaoDaFila(deps, tx, ctx.empresaId);
      });
      return c;
    },
  );
};
