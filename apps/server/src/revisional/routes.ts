import { ZConfigPreAnalise, ZContratoLead, ZPreAnaliseLead, ZSalvarConfigPreAnalise } from "@crm/domain/schemas/revisional";
import { ZEmpresaAlvo } from "@crm/domain/schemas/team";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { relogio } from "../core/clock.js";
import { withTenant } from "../db/tenant.js";
import { contexto, contextoEmpresa } from "../http/tenant.js";
import { lerPreAnalise, preAnaliseDoLead, salvarContrato } from "./analyze-lead.js";
import { gerarPreLaudo } from "./pre-laudo.js";
import { gravarResumo } from "./recompute.js";

const ZId = z.object({ id: z.string() });

/** The pre-analysis of a lead and its contract data (decision 1403); the company's threshold. */
export const revisionalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/leads/:id/pre-analise",
    // the contract and income fields of the lead: an audit event (decision 1821)
    {
      config: { permissao: "revisional.ver", auditar: { acao: "lead.contrato_visto", entidade: "lead", id: "id" } },
      schema: { params: ZId, response: { 200: ZPreAnaliseLead } },
    },
    async (req) => {
      const auth = contexto(req);
      return lerPreAnalise(deps.db.leitura, auth, req.params.id);
    },
  );

  const preLaudo = {
    permissao: "revisional.ver",
    auditar: { acao: "lead.pre_laudo_baixado", entidade: "lead", id: "id" },
  } as const;
  app.get("/leads/:id/pre-laudo", { config: preLaudo, schema: { params: ZId } }, async (req, reply) => {
    const auth = contexto(req);
    const { p, empresa, atualizada } = await withTenant(deps.db.app, auth, async (tx) => {
      const p = await preAnaliseDoLead(tx, auth, req.params.id);
      const { rows } = await tx.query(
        `SELECT e.nome_empresa,
                (SELECT max(a.created_at) FROM taxas_bacen_atualizacoes a WHERE a.resultado = 'ok') AS atualizada
           FROM empresas e WHERE e.id = $1`,
        [p.empresaId],
      );
      return {
        p,
        empresa: rows[0].nome_empresa as string,
        atualizada: (rows[0].atualizada as Date | null)?.toISOString() ?? null,
      };
    });
    const pdf = await gerarPreLaudo(p, empresa, relogio.agora(), atualizada);
    const nome =
      p.nome
        .normalize("NFD")
        .replace(/[^\w]+/g, "-")
        .replace(/^-|-$/g, "")
        .toLowerCase() || "lead";
    return reply
      .header("Content-Type", "application/pdf")
      .header("Content-Disposition", `attachment; filename="pre-laudo-${nome}.pdf"`)
      .header("Cache-Control", "no-store")
      .send(pdf);
  });

  app.put(
    "/leads/:id/contrato",
    {
      config: { permissao: "revisional.editar" },
      schema: { params: ZId, body: ZContratoLead, response: { 200: ZPreAnaliseLead } },
    },
    async (req) => {
      const auth = contexto(req);
      return withTenant(deps.db.app, auth, async (tx) => {
        const antes = await salvarContrato(tx, auth, req.params.id, req.body);
        const r = await preAnaliseDoLead(tx, auth, req.params.id);
        // the lists see the new figures at once (the sweep would within a minute); one log row for the whole edit
        await gravarResumo(tx, r.empresaId, r.leadId, r.analise, {
          antes,
          autor: { origem: "usuario", usuarioId: auth.usuarioId },
        });
        return r;
      });
    },
  );

  app.get(
    "/empresa/pre-analise",
    {
      config: { permissao: "empresa.configurar", alvo: "empresa" },
      schema: { querystring: ZEmpresaAlvo, response: { 200: ZConfigPreAnalise } },
    },
    async (req) => {
      const ctx = contextoEmpresa(req);
      return withTenant(deps.db.app, ctx, async (tx) => {
        const { rows } = await tx.query(
          "SELECT revisional_limiar::float8 AS limiar, revisional_regra_triagem AS regra_triagem FROM empresas WHERE id = $1",
          [ctx.empresaId],
        );
        return rows[0];
      });
    },
  );

  app.put(
    "/empresa/pre-analise",
    {
      config: { permissao: "empresa.configurar", alvo: "empresa" },
      schema: { querystring: ZEmpresaAlvo, body: ZSalvarConfigPreAnalise, response: { 200: ZConfigPreAnalise } },
    },
    async (req) => {
      const ctx = contextoEmpresa(req);
      await withTenant(deps.db.app, ctx, async (tx) => {
        const { rows } = await tx.query(
          `UPDATE empresas n SET revisional_limiar = $2, revisional_regra_triagem = $3
             FROM empresas a WHERE n.id = $1 AND a.id = n.id RETURNING a.revisional_limiar <> $2 AS mudou`,
          [ctx.empresaId, req.body.limiar, req.body.regra_triagem],
        );
        // a new threshold: every lead of the company is compared with it by the next pass
        if (rows[0]?.mudou)
          await tx.query(
            `INSERT INTO leads_revisional_pendentes (id_empresa_fk, id_lead_fk)
             SELECT id_empresa_fk, id FROM leads_juros_check WHERE id_empresa_fk = $1 AND modalidade_credito IS NOT NULL
             ON CONFLICT DO NOTHING`,
            [ctx.empresaId],
          );
      });
      return req.body;
    },
  );
};
