import { csvFinanceiro, nomeArquivoFinanceiro, TEXTO_FINANCEIRO } from "@crm/domain/finance";
import { ZFiltroFinanceiro, ZFinanceiro } from "@crm/domain/schemas/finance";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contextoEmpresa } from "../http/tenant.js";
import { exigirRecursoDaEmpresa } from "../membership/plan-limits.js";
import { lerFinanceiro, relatorioCsv } from "./finance-figures.js";

/** Admin Empresa and Admin Plataforma (naming the company with ?empresaId=, as /marketing); others are refused. */
const config = { permissao: "financeiro.ver", alvo: "empresa", negado: TEXTO_FINANCEIRO.acessoNegado } as const;

/** /financeiro ('Dashboard Financeiro', 001): the period's figures, and the same figures as a pt-BR CSV. */
export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get("/financeiro", { config, schema: { querystring: ZFiltroFinanceiro, response: { 200: ZFinanceiro } } }, async (req) =>
    lerFinanceiro(deps, contextoEmpresa(req), req.query),
  );

  const exportar = { ...config, auditar: { acao: "financeiro.exportado", entidade: "exportacao" } } as const;
  app.get("/financeiro/exportacao", { config: exportar, schema: { querystring: ZFiltroFinanceiro } }, async (req, reply) => {
    const ctx = contextoEmpresa(req);
    await exigirRecursoDaEmpresa(deps, ctx, "relatoriosAvancados"); // the CSV export is a 'Relatórios avançados' feature (decision 1310)
    const d = await lerFinanceiro(deps, ctx, req.query);
    return reply
      .header("Content-Type", "text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="${nomeArquivoFinanceiro(d.periodo.inicio, d.periodo.fim)}"`)
      .header("Cache-Control", "no-store")
      .send(csvFinanceiro(relatorioCsv(d)));
  });
};
