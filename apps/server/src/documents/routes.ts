import { MSG } from "@crm/domain/messages";
import { ZDocumento, ZFiltroDocumentos, ZOpcaoLeadDocumento, ZPaginaDocumentos } from "@crm/domain/schemas/documents";
import { zId } from "@crm/domain/schemas/id";
import { ZEmpresaAlvo } from "@crm/domain/schemas/team";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { withTenant } from "../db/tenant.js";
import { contextoEmpresa } from "../http/tenant.js";
import { excluirDocumento } from "./delete-document.js";
import { lerDocumento, listarDocumentos, listarLeadsComDocumentos } from "./list-documents.js";
import { registrarUploadDocumento } from "./receive-upload.js";
import { enviarConteudoDocumento } from "./send-content.js";
import { enviarDocumento } from "./upload-document.js";

/** Reading: Jurídico and Admin Empresa their company's, the platform admin any company's (?empresaId=). */
const ler = { permissao: "juridico.documentos", alvo: "empresa", negado: MSG.acessoNegadoDocumentos } as const;
/** Uploading and deleting: the company's Jurídico and Admin Empresa only. */
const gerenciar = {
  permissao: "juridico.documentos.gerenciar",
  alvo: "empresa",
  negado: MSG.apenasJuridicoGerenciaDocumentos,
} as const;
const ZId = z.object({ id: zId() });
const ZConteudo = ZEmpresaAlvo.extend({ download: z.enum(["0", "1"]).optional() });

/** Legal documents: /documentos and the 'Documentos' part of the process dialog (decision 1102). */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await registrarUploadDocumento(app);

  app.get(
    "/documentos",
    { config: ler, schema: { querystring: ZFiltroDocumentos, response: { 200: ZPaginaDocumentos } } },
    async (req) => listarDocumentos(deps, contextoEmpresa(req), req.query),
  );

  app.get(
    "/documentos/leads",
    { config: ler, schema: { querystring: ZEmpresaAlvo, response: { 200: z.array(ZOpcaoLeadDocumento) } } },
    async (req) => listarLeadsComDocumentos(deps, contextoEmpresa(req)),
  );

  app.get(
    "/documentos/:id",
    { config: ler, schema: { params: ZId, querystring: ZEmpresaAlvo, response: { 200: ZDocumento } } },
    async (req) => {
      const ctx = contextoEmpresa(req);
      const { chave: _c, ...doc } = await withTenant(deps.db.app, ctx, (tx) => lerDocumento(tx, ctx, req.params.id));
      return doc;
    },
  );

  const conteudo = { ...ler, auditar: { acao: "documento.visto", entidade: "documento", id: "id" } } as const;
  app.get("/documentos/:id/conteudo", { config: conteudo, schema: { params: ZId, querystring: ZConteudo } }, async (req, reply) =>
    enviarConteudoDocumento(deps, contextoEmpresa(req), req.params.id, req.query.download === "1", reply),
  );

  app.post(
    "/processos/:id/documentos",
    { config: gerenciar, schema: { params: ZId, querystring: ZEmpresaAlvo, response: { 201: ZDocumento } } },
    async (req, reply) => {
      const doc = await enviarDocumento(deps, contextoEmpresa(req), req.params.id, req);
      return reply.status(201).send(doc);
    },
  );

  app.delete("/documentos/:id", { config: gerenciar, schema: { params: ZId, querystring: ZEmpresaAlvo } }, async (req, reply) => {
    await excluirDocumento(deps, contextoEmpresa(req), req.params.id, req.log);
    return reply.status(204).send();
  });
};
