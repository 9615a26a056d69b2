import { variacaoPercentual } from "@crm/domain/formulas";
import { MSG } from "@crm/domain/messages";
import { intervaloDoPeriodo, periodoAnterior } from "@crm/domain/period";
import { zId } from "@crm/domain/schemas/id";
import {
  ZAlternarTriagem,
  ZEficienciaIa,
  ZFiltroHistoricoIa,
  ZFiltroPeriodoIa,
  ZPaginaHistoricoIa,
  ZPainelTriagem,
  ZRevisarTriagem,
} from "@crm/domain/schemas/screening";
import { ZEmpresaAlvo } from "@crm/domain/schemas/team";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { metaDaRequisicao } from "../auth/request-meta.js";
import { relogio } from "../core/clock.js";
import { withTenant } from "../db/tenant.js";
import { badRequest } from "../http/errors.js";
import { contextoEmpresa } from "../http/tenant.js";
import { calcularEficienciaIa } from "./ai-efficiency.js";
import { listarHistoricoTriagem } from "./list-history.js";
import { triarNovamente } from "./rescreen-lead.js";
import { revisarTriagem } from "./review-screening.js";
import { lerPainelTriagem } from "./screening-panel.js";
import { alternarTriagem } from "./toggle-screening.js";

const config = { permissao: "ia.gerenciar", alvo: "empresa" } as const;
const ZPeriodo = ZFiltroPeriodoIa.extend(ZEmpresaAlvo.shape);

function intervalo(q: { periodo: Parameters<typeof intervaloDoPeriodo>[0]; inicio?: string; fim?: string }) {
  const i = intervaloDoPeriodo(q.periodo, relogio.agora(), { inicio: q.inicio, fim: q.fim });
  if (!i) throw badRequest("Informe a data inicial e a data final do período.");
  return i;
}

/**
 * /ia-triagem (001 'AI screening'; §6: Admin Empresa and the platform admin with ?empresaId=), the dashboard's
 * 'Eficiência IA' figure.
 */
export const screeningRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get("/ia-triagem", { config, schema: { querystring: ZPeriodo, response: { 200: ZPainelTriagem } } }, async (req) =>
    lerPainelTriagem(deps, contextoEmpresa(req), intervalo(req.query)),
  );

  app.get(
    "/ia-triagem/historico",
    { config, schema: { querystring: ZFiltroHistoricoIa.extend(ZEmpresaAlvo.shape), response: { 200: ZPaginaHistoricoIa } } },
    async (req) => listarHistoricoTriagem(deps, contextoEmpresa(req), req.query),
  );

  app.put(
    "/ia-triagem/ativa",
    { config, schema: { querystring: ZEmpresaAlvo, body: ZAlternarTriagem, response: { 200: ZAlternarTriagem } } },
    async (req) => alternarTriagem(deps, contextoEmpresa(req), req.body.ativa, metaDaRequisicao(req).ip),
  );

  app.post(
    "/ia-triagem/:triagemId/revisao",
    { config, schema: { params: z.object({ triagemId: zId() }), querystring: ZEmpresaAlvo, body: ZRevisarTriagem } },
    async (req, reply) => {
      await revisarTriagem(deps, contextoEmpresa(req), req.params.triagemId, req.body, metaDaRequisicao(req).ip);
      return reply.status(204).send();
    },
  );

  app.post(
    "/ia-triagem/leads/:leadId/triar",
    {
      config,
      schema: {
        params: z.object({ leadId: zId() }),
        querystring: ZEmpresaAlvo,
        response: { 202: z.object({ mensagem: z.string() }) },
      },
    },
    async (req, reply) => {
      await triarNovamente(deps, contextoEmpresa(req), req.params.leadId);
      return reply.status(202).send({ mensagem: MSG.triagemReenviada });
    },
  );

  // the company dashboard's 'Eficiência IA' card (000 §2.10): this period, the previous one, the change
  app.get(
    "/ia-triagem/eficiencia",
    {
      config: { permissao: "dashboard.empresa", alvo: "empresa" },
      schema: { querystring: ZPeriodo, response: { 200: ZEficienciaIa } },
    },
    async (req) => {
      const ctx = contextoEmpresa(req);
      const atual = intervalo(req.query);
      return withTenant(deps.db.app, ctx, async (tx) => {
        const valor = await calcularEficienciaIa(tx, ctx.empresaId, atual);
        const anterior = await calcularEficienciaIa(tx, ctx.empresaId, periodoAnterior(atual));
        // the same change formula as every dashboard card (000 §9)
        return { valor, anterior, variacao: variacaoPercentual(valor ?? 0, anterior ?? 0) };
      });
    },
  );
};
