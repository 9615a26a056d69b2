import { lerCsvTaxas } from "@crm/domain/revisional/rates-csv";
import {
  ZCodigoSerie,
  ZImportacaoTaxas,
  ZImportacaoTaxasOk,
  ZImportacaoTaxasRecusada,
  ZPainelTaxas,
  ZValoresSerie,
} from "@crm/domain/schemas/bacen-rates";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { withTenant } from "../db/tenant.js";
import { contexto } from "../http/tenant.js";
import { CHAVE_RECALCULO_REVISIONAL, FILA_RECALCULO_REVISIONAL } from "../jobs/queues.js";
import { lerPainelTaxas, lerValoresSerie } from "./panel.js";
import { gravarValores, registrarAtualizacao } from "./store.js";
import { CHAVE_TAXAS, FILA_TAXAS_BACEN } from "./worker.js";

/** The platform admin's rates screen (decision 1402): read, refresh from SGS now, import a CSV. */
const config = { permissao: "taxas.gerenciar" } as const;

export const taxasBacenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get("/taxas-bacen", { config, schema: { response: { 200: ZPainelTaxas } } }, async (req) => {
    const painel = await withTenant(deps.db.app, contexto(req), lerPainelTaxas);
    const pendente = await deps.db.app.query(
      "SELECT EXISTS (SELECT 1 FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')) AS p",
      [FILA_TAXAS_BACEN.nome],
    );
    return { ...painel, atualizacaoPendente: pendente.rows[0].p as boolean };
  });

  app.get(
    "/taxas-bacen/:codigo/valores",
    { config, schema: { params: ZCodigoSerie, response: { 200: ZValoresSerie } } },
    async (req) => withTenant(deps.db.app, contexto(req), (tx) => lerValoresSerie(tx, req.params.codigo)),
  );

  app.post(
    "/taxas-bacen/atualizar",
    { config, schema: { response: { 202: z.object({ agendada: z.boolean() }) } } },
    async (req, reply) => {
      await deps.jobs.enviar(FILA_TAXAS_BACEN, { usuarioId: contexto(req).usuarioId }, { chave: CHAVE_TAXAS });
      deps.jobs.acordar(FILA_TAXAS_BACEN);
      return reply.status(202).send({ agendada: true });
    },
  );

  app.post(
    "/taxas-bacen/importacao",
    { config, schema: { body: ZImportacaoTaxas, response: { 200: ZImportacaoTaxasOk, 422: ZImportacaoTaxasRecusada } } },
    async (req, reply) => {
      const lido = lerCsvTaxas(req.body.csv, req.body.codigo);
      if (!lido.ok) return reply.status(422).send({ erro: "Nenhuma taxa importada: corrija o arquivo.", erros: lido.erros });
      const ctx = contexto(req);
      const importados = await withTenant(deps.db.app, ctx, async (tx) => {
        const n = await gravarValores(tx, lido.valores, "csv");
        for (const codigo of new Set(lido.valores.map((v) => v.codigo))) {
          const valores = lido.valores.filter((v) => v.codigo === codigo).length;
          await registrarAtualizacao(tx, { codigo, origem: "csv", ok: true, mensagem: null, valores, usuarioId: ctx.usuarioId });
        }
        return n;
      });
      if (importados > 0) await deps.jobs.enviar(FILA_RECALCULO_REVISIONAL, {}, { chave: CHAVE_RECALCULO_REVISIONAL });
      return { importados };
    },
  );
};
