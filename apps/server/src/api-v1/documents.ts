import { MSG } from "@crm/domain/messages";
import { ZDocumentoApi } from "@crm/domain/schemas/api-resources";
import { z } from "zod";
import { withTenant } from "../db/tenant.js";
import { excluirDocumento } from "../documents/delete-document.js";
import { lerDocumento } from "../documents/list-documents.js";
import { autorDaChave, contextoDaChave } from "./authenticate.js";
import { operacao } from "./operation.js";
import { EXEMPLO_DOCUMENTO, semExcluir } from "./processes.js";

const ZIdDocumento = z.object({ id: z.guid({ error: MSG.documentoNaoEncontrado }) });

/**
 * One document of a process (decision 1925): read and deleted through the documents' screen (`documents/`): the row
 * and its log row in one statement, the stored file after the commit. Listing, upload and the file are in
 * `processes.ts` (decision 1895).
 */
export const OPERACOES_DOCUMENTOS = [
  operacao({
    id: "lerDocumento",
    method: "GET",
    url: "/documentos/:id",
    escopo: "processes:read",
    tag: "Documentos",
    resumo: "Lê os dados de um documento",
    descricao: "O arquivo é `GET /api/v1/documentos/{id}/arquivo`.",
    status: 200,
    schema: { params: ZIdDocumento, resposta: ZDocumentoApi },
    exemplo: { resposta: EXEMPLO_DOCUMENTO },
    internas: ["GET /api/documentos/:id"],
    handler: async ({ deps, chave, params }) => {
      const ctx = contextoDaChave(chave.empresaId);
      const { chave: _arquivo, ...doc } = await withTenant(deps.db.app, ctx, (tx) => lerDocumento(tx, ctx, params.id));
      return semExcluir(doc);
    },
  }),
  operacao({
    id: "excluirDocumento",
    method: "DELETE",
    url: "/documentos/:id",
    escopo: "processes:write",
    tag: "Documentos",
    resumo: "Exclui um documento e o seu arquivo",
    status: 204,
    schema: { params: ZIdDocumento },
    exemplo: {},
    internas: ["DELETE /api/documentos/:id"],
    handler: async ({ deps, chave, params, req }) => {
      await excluirDocumento(deps, contextoDaChave(chave.empresaId), params.id, req.log, autorDaChave(chave));
    },
  }),
];
