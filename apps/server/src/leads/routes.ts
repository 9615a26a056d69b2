import { MSG } from "@crm/domain/messages";
import { zId } from "@crm/domain/schemas/id";
import {
  ZAcaoLeadsEmMassa,
  ZAtribuirLead,
  ZConsultaLeads,
  ZEventoHistorico,
  ZExportarLeads,
  ZFiltroQuadro,
  ZImportacaoLeads,
  ZImportacaoRecusada,
  ZImportacaoResumo,
  ZLeadCriado,
  ZMudarStatusLead,
  ZNovoLead,
  ZOpcaoConsultor,
  ZPaginaLeads,
  ZQuadroLeads,
  ZResultadoEmMassa,
  ZResumoLeads,
} from "@crm/domain/schemas/leads";
import { ZEmpresaAlvo } from "@crm/domain/schemas/team";
import { ZTelefonesRepetidos } from "@crm/domain/schemas/waiting";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contextoEmpresa } from "../http/tenant.js";
import { atribuirLeads } from "./actions/assign-leads.js";
import { mudarStatusLeads } from "./actions/change-status.js";
import { excluirLeads } from "./actions/delete-leads.js";
import { listarHistoricoLead } from "./actions/lead-history.js";
import { criarLead } from "./create-lead.js";
import { listarTelefonesRepetidos } from "./duplicate-phones.js";
import { lerImportacao, listarImportacoes } from "./import/import-status.js";
import { lerCsvEnviado, registrarUploadCsv } from "./import/read-csv-upload.js";
import { iniciarImportacao } from "./import/start-import.js";
import { carregarQuadro } from "./list/board.js";
import { exportarLeads } from "./list/export-leads.js";
import { listarOpcoesConsultores } from "./list/list-consultants.js";
import { listarLeads } from "./list/list-leads.js";
import { resumirLeads } from "./list/summarize-leads.js";

const gerenciar = { permissao: "leads.gerenciar", alvo: "empresa" } as const;
const importar = { permissao: "leads.importar", alvo: "empresa", negado: MSG.acessoNegadoImportar } as const;
const meus = {
  permissao: "leads.meus",
  alvo: "empresa",
  negado: MSG.acessoNegadoMeusLeads,
  naoAutenticado: MSG.usuarioNaoAutenticado,
} as const;
const ZId = z.object({ id: zId() });

/**
 * /leads management (000 §2.12) and /leads-import (001 'Lead import') on /api/leads: the company's own, any
 * company's for the platform admin naming it in `?empresaId=` (decision 1641).
 */
const gestaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await registrarUploadCsv(app);

  app.get("/", { config: gerenciar, schema: { querystring: ZConsultaLeads, response: { 200: ZPaginaLeads } } }, async (req) =>
    listarLeads(deps, contextoEmpresa(req), req.query),
  );

  app.get(
    "/telefones-repetidos",
    { config: gerenciar, schema: { querystring: ZEmpresaAlvo, response: { 200: ZTelefonesRepetidos } } },
    async (req) => listarTelefonesRepetidos(deps, contextoEmpresa(req)),
  );
  app.get(
    "/resumo",
    { config: gerenciar, schema: { querystring: ZConsultaLeads, response: { 200: ZResumoLeads } } },
    async (req) => resumirLeads(deps, contextoEmpresa(req), req.query),
  );

  const exportar = { ...gerenciar, auditar: { acao: "leads.exportados", entidade: "exportacao" } } as const;
  app.get("/exportar", { config: exportar, schema: { querystring: ZExportarLeads } }, async (req, reply) => {
    const { stream, nomeArquivo, tipo } = await exportarLeads(deps, contextoEmpresa(req), req.query, req.log);
    return reply
      .header("Content-Type", tipo)
      .header("Content-Disposition", `attachment; filename="${nomeArquivo}"`)
      .header("Cache-Control", "no-store")
      .send(stream);
  });

  app.get(
    "/consultores",
    { config: gerenciar, schema: { querystring: ZEmpresaAlvo, response: { 200: z.array(ZOpcaoConsultor) } } },
    async (req) => listarOpcoesConsultores(deps, contextoEmpresa(req)),
  );

  app.patch(
    "/:id/consultor",
    { config: gerenciar, schema: { querystring: ZEmpresaAlvo, params: ZId, body: ZAtribuirLead } },
    async (req, reply) => {
      await atribuirLeads(deps, contextoEmpresa(req), [req.params.id], req.body.consultorId);
      return reply.status(204).send();
    },
  );

  app.patch(
    "/:id/status",
    { config: gerenciar, schema: { querystring: ZEmpresaAlvo, params: ZId, body: ZMudarStatusLead } },
    async (req, reply) => {
      await mudarStatusLeads(deps, contextoEmpresa(req), [req.params.id], req.body.status);
      return reply.status(204).send();
    },
  );

  app.delete("/:id", { config: gerenciar, schema: { querystring: ZEmpresaAlvo, params: ZId } }, async (req, reply) => {
    await excluirLeads(deps, contextoEmpresa(req), [req.params.id], req.log);
    return reply.status(204).send();
  });

  app.post(
    "/em-massa",
    { config: gerenciar, schema: { querystring: ZEmpresaAlvo, body: ZAcaoLeadsEmMassa, response: { 200: ZResultadoEmMassa } } },
    async (req) => {
      const ctx = contextoEmpresa(req);
      const b = req.body;
      const afetados =
        b.acao === "atribuir"
          ? await atribuirLeads(deps, ctx, b.ids, b.consultorId)
          : b.acao === "status"
            ? await mudarStatusLeads(deps, ctx, b.ids, b.status)
            : await excluirLeads(deps, ctx, b.ids, req.log);
      return { afetados };
    },
  );

  app.get(
    "/:id/historico",
    { config: gerenciar, schema: { querystring: ZEmpresaAlvo, params: ZId, response: { 200: z.array(ZEventoHistorico) } } },
    async (req) => listarHistoricoLead(deps, contextoEmpresa(req), req.params.id),
  );

  // the manual form and the CSV import of /leads-import: administrators only (001 §6)
  app.post(
    "/",
    { config: importar, schema: { querystring: ZEmpresaAlvo, body: ZNovoLead, response: { 201: ZLeadCriado } } },
    async (req, reply) => {
      const ctx = contextoEmpresa(req);
      return reply.status(201).send(await criarLead(deps, ctx, req.body, { origem: "usuario", usuarioId: ctx.usuarioId }));
    },
  );

  // checked at once, imported by a job (decision 0306): 202 with the import to follow
  app.post(
    "/importacao",
    { config: importar, schema: { querystring: ZEmpresaAlvo, response: { 202: ZImportacaoResumo, 422: ZImportacaoRecusada } } },
    async (req, reply) => {
      const ctx = contextoEmpresa(req);
      const r = await iniciarImportacao(deps, ctx, await lerCsvEnviado(req));
      return r.ok ? reply.status(202).send(r.importacao) : reply.status(422).send(r.recusa);
    },
  );

  app.get(
    "/importacoes",
    { config: importar, schema: { querystring: ZEmpresaAlvo, response: { 200: z.array(ZImportacaoResumo) } } },
    async (req) => listarImportacoes(deps, contextoEmpresa(req)),
  );

  app.get(
    "/importacoes/:id",
    { config: importar, schema: { querystring: ZEmpresaAlvo, params: ZId, response: { 200: ZImportacaoLeads } } },
    async (req) => lerImportacao(deps, contextoEmpresa(req), req.params.id),
  );
};

/** The My Leads board (001 'My Leads', §6): Consultor and Admin Empresa. */
const quadroRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get("/", { config: meus, schema: { querystring: ZFiltroQuadro, response: { 200: ZQuadroLeads } } }, async (req) =>
    carregarQuadro(deps, contextoEmpresa(req), req.query),
  );
  app.patch("/:id/status", { config: meus, schema: { params: ZId, body: ZMudarStatusLead } }, async (req, reply) => {
    await mudarStatusLeads(deps, contextoEmpresa(req), [req.params.id], req.body.status);
    return reply.status(204).send();
  });
  app.get(
    "/:id/historico",
    { config: meus, schema: { params: ZId, response: { 200: z.array(ZEventoHistorico) } } },
    async (req) => listarHistoricoLead(deps, contextoEmpresa(req), req.params.id),
  );
};

export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(gestaoRoutes, { prefix: "/leads" });
  await app.register(quadroRoutes, { prefix: "/meus-leads" });
};
