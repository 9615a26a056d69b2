import {
  ZDetalheEmpresa,
  ZEdicaoEmpresa,
  ZEmpresaCartao,
  ZExcluirEmpresa,
  ZFiltroEmpresas,
  ZIdConviteEmpresa,
  ZIdEmpresa,
  ZIdUsuarioEmpresa,
  ZNovaEmpresa,
  ZOpcaoEmpresa,
  ZPaginaEmpresas,
  ZPapelGerenciavel,
} from "@crm/domain/schemas/companies";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { metaDaRequisicao } from "../auth/request-meta.js";
import { contexto } from "../http/tenant.js";
import {
  crossTenantEditarEmpresa,
  crossTenantExcluirEmpresa,
  crossTenantReativarEmpresa,
  crossTenantSuspenderEmpresa,
} from "./change-company.js";
import { crossTenantDetalharEmpresa } from "./company-detail.js";
import { crossTenantOpcoesEmpresas } from "./company-options.js";
import {
  crossTenantDesativarUsuario,
  crossTenantEnviarRedefinicao,
  crossTenantMudarPapel,
  crossTenantReativarUsuario,
  crossTenantReenviarConvite,
} from "./company-users.js";
import { crossTenantCriarEmpresa } from "./create-company.js";
import { crossTenantExportarEmpresa } from "./export-company.js";
import { crossTenantListarEmpresas } from "./list-companies.js";

/** 000 §6: the platform admin only; every company role gets 403 from the permission table before the handler. */
const config = { permissao: "empresas.gerenciar" } as const;
const ZEmpresaAlterada = ZEmpresaCartao.omit({ totalUsuarios: true, totalLeads: true, taxaConversao: true });
const ZEmail = z.object({ email: z.string() });

/**
 * /empresas, /empresa/{id} and /empresa/{id}/management (decision 1304): the operator's companies, under
 * /api/empresas (the company itself; its screens name it in `?empresaId=`, decision 1641). Every handler crosses tenants in the
 * platform admin's own context (context.ts) and writes each change to the audit log.
 */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get("/empresas", { config, schema: { querystring: ZFiltroEmpresas, response: { 200: ZPaginaEmpresas } } }, async (req) =>
    crossTenantListarEmpresas(deps, contexto(req), req.query),
  );

  app.get("/empresas/opcoes", { config, schema: { response: { 200: z.array(ZOpcaoEmpresa) } } }, async (req) =>
    crossTenantOpcoesEmpresas(deps, contexto(req)),
  );

  app.post("/empresas", { config, schema: { body: ZNovaEmpresa, response: { 201: ZEmpresaCartao } } }, async (req, reply) =>
    reply.status(201).send(await crossTenantCriarEmpresa(deps, contexto(req), req.body, metaDaRequisicao(req))),
  );

  app.get("/empresas/:empresaId", { config, schema: { params: ZIdEmpresa, response: { 200: ZDetalheEmpresa } } }, async (req) =>
    crossTenantDetalharEmpresa(deps, contexto(req), req.params.empresaId),
  );

  app.put(
    "/empresas/:empresaId",
    { config, schema: { params: ZIdEmpresa, body: ZEdicaoEmpresa, response: { 200: ZEmpresaAlterada } } },
    async (req) => crossTenantEditarEmpresa(deps, contexto(req), req.params.empresaId, req.body, metaDaRequisicao(req)),
  );

  app.post(
    "/empresas/:empresaId/suspender",
    {
      config,
      schema: {
        params: ZIdEmpresa,
        response: { 200: z.object({ empresa: ZEmpresaAlterada, sessoesEncerradas: z.number().int() }) },
      },
    },
    async (req) => crossTenantSuspenderEmpresa(deps, contexto(req), req.params.empresaId, metaDaRequisicao(req)),
  );

  app.post(
    "/empresas/:empresaId/reativar",
    { config, schema: { params: ZIdEmpresa, response: { 200: ZEmpresaAlterada } } },
    async (req) => crossTenantReativarEmpresa(deps, contexto(req), req.params.empresaId, metaDaRequisicao(req)),
  );

  app.delete("/empresas/:empresaId", { config, schema: { params: ZIdEmpresa, body: ZExcluirEmpresa } }, async (req, reply) => {
    await crossTenantExcluirEmpresa(deps, contexto(req), req.params.empresaId, req.body.confirmacao, metaDaRequisicao(req));
    return reply.status(204).send();
  });

  // 'Exportar empresa' (decision 1943): the whole company as an archive; the download is an audited read
  const exportar = { ...config, auditar: { acao: "empresa.exportada", entidade: "empresa", id: "empresaId" } } as const;
  app.get("/empresas/:empresaId/exportacao", { config: exportar, schema: { params: ZIdEmpresa } }, async (req, reply) => {
    const r = await crossTenantExportarEmpresa(deps, req.params.empresaId);
    return reply
      .header("Content-Type", "application/gzip")
      .header("Content-Length", String(r.bytes))
      .header("Content-Disposition", `attachment; filename="${r.nome}"`)
      .header("Cache-Control", "no-store")
      .send(r.stream);
  });

  // ---------------------------------------------------------------- /empresa/{id}/management
  app.put(
    "/empresas/:empresaId/usuarios/:usuarioId/papel",
    { config, schema: { params: ZIdUsuarioEmpresa, body: ZPapelGerenciavel } },
    async (req, reply) => {
      const { empresaId, usuarioId } = req.params;
      await crossTenantMudarPapel(deps, contexto(req), empresaId, usuarioId, req.body.papel, metaDaRequisicao(req));
      return reply.status(204).send();
    },
  );

  app.post(
    "/empresas/:empresaId/usuarios/:usuarioId/desativar",
    { config, schema: { params: ZIdUsuarioEmpresa } },
    async (req, reply) => {
      await crossTenantDesativarUsuario(deps, contexto(req), req.params.empresaId, req.params.usuarioId, metaDaRequisicao(req));
      return reply.status(204).send();
    },
  );

  app.post(
    "/empresas/:empresaId/usuarios/:usuarioId/reativar",
    { config, schema: { params: ZIdUsuarioEmpresa } },
    async (req, reply) => {
      await crossTenantReativarUsuario(deps, contexto(req), req.params.empresaId, req.params.usuarioId, metaDaRequisicao(req));
      return reply.status(204).send();
    },
  );

  app.post(
    "/empresas/:empresaId/usuarios/:usuarioId/redefinir-senha",
    { config, schema: { params: ZIdUsuarioEmpresa, response: { 200: ZEmail } } },
    async (req) =>
      crossTenantEnviarRedefinicao(deps, contexto(req), req.params.empresaId, req.params.usuarioId, metaDaRequisicao(req)),
  );

  app.post(
    "/empresas/:empresaId/convites/:conviteId/reenviar",
    { config, schema: { params: ZIdConviteEmpresa, response: { 200: ZEmail } } },
    async (req) =>
      crossTenantReenviarConvite(deps, contexto(req), req.params.empresaId, req.params.conviteId, metaDaRequisicao(req)),
  );
};
