import { ZConsultaPaginadaApi, zPaginaApi } from "@crm/domain/api-v1";
import { MSG_PRAZOS } from "@crm/domain/deadlines";
import { MSG } from "@crm/domain/messages";
import { ZDocumentoApi, ZPrazoApi, ZProcessoApi, ZStatusProcessoApi } from "@crm/domain/schemas/api-resources";
import { ZEstadoPrazoBody, ZSalvarPrazo } from "@crm/domain/schemas/deadlines";
import type { TDocumento } from "@crm/domain/schemas/documents";
import type { TProcesso } from "@crm/domain/schemas/processes";
import { STATUS_PROCESSO_JURIDICO } from "@crm/domain/status";
import { z } from "zod";
import type { TDeps } from "../core/deps.js";
import { withTenant } from "../db/tenant.js";
import { COLUNAS_PRAZO, JUNCOES_PRAZO, paraPrazo } from "../deadlines/deadline-row.js";
import { criarPrazo, mudarEstadoPrazo } from "../deadlines/deadlines.js";
import { COLUNAS_DOCUMENTO, JUNCOES_DOCUMENTO, paraDocumento } from "../documents/document-row.js";
import { enviarConteudoDocumento } from "../documents/send-content.js";
import { enviarDocumento } from "../documents/upload-document.js";
import { COLUNAS_PROCESSO, JUNCOES_PROCESSO, paraProcesso } from "../legal-processes/process-row.js";
import { lerProcesso } from "../legal-processes/read-process.js";
import { atualizarProcesso } from "../legal-processes/update-process.js";
import { autorDaChave, contextoDaChave } from "./authenticate.js";
import { operacao } from "./operation.js";
import { ProblemaApi } from "./problem.js";
import { lerPaginaApi } from "./read-page.js";

const ZIdProcesso = z.object({ id: z.guid({ error: MSG.processoNaoEncontrado }) });
const ZIdDocumento = z.object({ id: z.guid({ error: MSG.documentoNaoEncontrado }) });
const ZIdPrazo = z.object({ id: z.guid({ error: MSG_PRAZOS.prazoNaoEncontrado }) });
/** The upload form, for the document only: the handler reads it with the documents' reader (decision 1895). */
const ZFormularioDocumento = z.object({
  arquivo: z.string().meta({ format: "binary", description: "PDF, imagem, Word, Excel ou texto; até 10 MB" }),
  descricao: z.string().max(500).optional(),
});
const CURSOR = "WyIyMDI2LTEyLTA3IDEyOjAwOjAwKzAwIiwiMDE5MyJd";
const ID_PROCESSO = "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8c9d";

const EXEMPLO_PROCESSO: TProcesso = {
  id: ID_PROCESSO,
  nome: "Maria Souza",
  email: "maria@exemplo.com.br",
  telefone: "5511977771234",
  valor_contrato: "250000.00",
  valor_contrato_fechado: null,
  consultor_id: null,
  consultor_nome: null,
  profissional_id: null,
  profissional_nome: null,
  profissional_email: null,
  status_juridico_lead: "Aguardando Contato Jurídico",
  observacoes_juridicas: null,
  convertido_em: "2026-12-07T12:00:00.000Z",
  updated_at: "2026-12-07T12:00:00.000Z",
  revisional_razao: null,
  revisional_faixa: null,
};
export const EXEMPLO_PRAZO = {
  id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8cb1",
  processo_id: ID_PROCESSO,
  processo_nome: "Maria Souza",
  status_juridico_lead: "Aguardando Contato Jurídico" as const,
  titulo: "Protocolar a petição inicial",
  descricao: null,
  data_fatal: "2026-12-18",
  data_seguranca: "2026-12-17",
  responsavel_id: null,
  responsavel_nome: null,
  estado: "pendente" as const,
  origem: "manual" as const,
  criado_por_nome: null,
  created_at: "2026-12-07T12:00:00.000Z",
  concluido_por_nome: null,
  concluido_em: null,
  updated_at: "2026-12-07T12:00:00.000Z",
};
export const EXEMPLO_DOCUMENTO: Omit<TDocumento, "pode_excluir"> = {
  id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8cc1",
  lead_id: ID_PROCESSO,
  lead_nome: "Maria Souza",
  nome_arquivo: "contrato.pdf",
  descricao: "Contrato de financiamento",
  tipo_arquivo: "application/pdf",
  tamanho_arquivo: 184320,
  data_upload: "2026-12-07T12:00:00.000Z",
  uploader_id: null,
  uploader_nome: null,
  uploader_email: null,
};

/** A process of the key's company or 404 (the screens' own reading, decision 1895). */
const processo = (deps: Pick<TDeps, "db">, empresaId: string, id: string) =>
  withTenant(deps.db.app, contextoDaChave(empresaId), (tx) => lerProcesso(tx, empresaId, id));

/** A deadline as the API shows it: the screen's shape and its last change (the cursor's order). */
export async function lerPrazoApi(deps: Pick<TDeps, "db">, empresaId: string, id: string) {
  const { rows } = await withTenant(deps.db.app, contextoDaChave(empresaId), (tx) =>
    tx.query(
      `SELECT ${COLUNAS_PRAZO}, p.updated_at FROM prazos_processo p ${JUNCOES_PRAZO} WHERE p.id_empresa_fk = $1 AND p.id = $2`,
      [empresaId, id],
    ),
  );
  if (!rows[0]) throw new ProblemaApi("nao_encontrado", MSG_PRAZOS.prazoNaoEncontrado);
  return paraPrazoApi(rows[0]);
}
const paraPrazoApi = (r: Record<string, unknown>) => ({
  ...paraPrazo({ ...r, created_at: new Date(r.created_at as string), concluido_em: r.concluido_em ?? null }),
  updated_at: new Date(r.updated_at as string).toISOString(),
});
export const semExcluir = ({ pode_excluir: _, ...d }: TDocumento) => d;

/** Deadlines over `p`, `$1` the company and, when `porProcesso`, `$2` the process. */
const paginaDePrazos = (porProcesso: boolean) => (p: { onde: string; ordem: string }) =>
  `SELECT ${COLUNAS_PRAZO}, p.updated_at, p.updated_at::text AS _cursor_t FROM prazos_processo p ${JUNCOES_PRAZO}
    WHERE p.id_empresa_fk = $1 ${porProcesso ? "AND p.id_lead_fk = $2" : ""} AND ${p.onde} ${p.ordem}`;

/**
 * Legal processes, their deadlines and documents (decision 1895): read, the legal status changed, deadlines added and
 * completed, documents listed and uploaded, each through the screens' writers (history, task chains, client notice,
 * bell, change log with the key as author).
 */
export const OPERACOES_PROCESSOS = [
  operacao({
    id: "listarProcessos",
    method: "GET",
    url: "/processos",
    escopo: "processes:read",
    tag: "Processos",
    resumo: "Lista os processos jurídicos (leads convertidos)",
    status: 200,
    schema: { querystring: ZConsultaPaginadaApi, resposta: zPaginaApi(ZProcessoApi) },
    exemplo: { resposta: { itens: [EXEMPLO_PROCESSO], tem_mais: true, proximo_cursor: CURSOR } },
    internas: ["GET /api/processos", "GET /api/juridico/leads"],
    handler: ({ deps, chave, query }) =>
      lerPaginaApi(
        deps,
        chave.empresaId,
        {
          nome: "api-v1-processos",
          alias: "l",
          extras: [STATUS_PROCESSO_JURIDICO],
          sql: (p) => `SELECT ${COLUNAS_PROCESSO}, l.updated_at::text AS _cursor_t FROM leads_juros_check l ${JUNCOES_PROCESSO}
                        WHERE l.id_empresa_fk = $1 AND l.status_lead = $2 AND ${p.onde} ${p.ordem}`,
        },
        query,
        paraProcesso,
      ),
  }),
  operacao({
    id: "lerProcesso",
    method: "GET",
    url: "/processos/:id",
    escopo: "processes:read",
    tag: "Processos",
    resumo: "Lê um processo",
    status: 200,
    schema: { params: ZIdProcesso, resposta: ZProcessoApi },
    exemplo: { resposta: EXEMPLO_PROCESSO },
    internas: ["GET /api/processos/:id"],
    handler: ({ deps, chave, params }) => processo(deps, chave.empresaId, params.id),
  }),
  operacao({
    id: "mudarStatusProcesso",
    method: "PATCH",
    url: "/processos/:id/status",
    escopo: "processes:write",
    tag: "Processos",
    resumo: "Muda o status jurídico de um processo",
    descricao:
      "Como em /processos: histórico, a cadeia de prazos do status, o aviso ao cliente (se ele optou) e o sino. Profissional, observações e valor fechado ficam como estão.",
    status: 200,
    schema: { params: ZIdProcesso, body: ZStatusProcessoApi, resposta: ZProcessoApi },
    exemplo: {
      pedido: { status_juridico_lead: "Em Contato Jurídico" },
      resposta: { ...EXEMPLO_PROCESSO, status_juridico_lead: "Em Contato Jurídico" },
    },
    internas: ["PUT /api/processos/:id"],
    handler: async ({ deps, chave, params, body }) => {
      const atual = await processo(deps, chave.empresaId, params.id);
      return atualizarProcesso(
        deps,
        contextoDaChave(chave.empresaId),
        params.id,
        {
          status_juridico_lead: body.status_juridico_lead,
          profissional_juridico_atribuido_id: atual.profissional_id,
          observacoes_juridicas: atual.observacoes_juridicas,
          valor_contrato_fechado: atual.valor_contrato_fechado === null ? null : Number(atual.valor_contrato_fechado),
        },
        autorDaChave(chave),
      );
    },
  }),
  operacao({
    id: "listarPrazos",
    method: "GET",
    url: "/prazos",
    escopo: "processes:read",
    tag: "Prazos",
    resumo: "Lista os prazos de todos os processos",
    status: 200,
    schema: { querystring: ZConsultaPaginadaApi, resposta: zPaginaApi(ZPrazoApi) },
    exemplo: { resposta: { itens: [EXEMPLO_PRAZO], tem_mais: false, proximo_cursor: null } },
    internas: ["GET /api/prazos"],
    handler: ({ deps, chave, query }) =>
      lerPaginaApi(deps, chave.empresaId, { nome: "api-v1-prazos", alias: "p", sql: paginaDePrazos(false) }, query, paraPrazoApi),
  }),
  operacao({
    id: "listarPrazosDoProcesso",
    method: "GET",
    url: "/processos/:id/prazos",
    escopo: "processes:read",
    tag: "Prazos",
    resumo: "Lista os prazos de um processo",
    status: 200,
    schema: { params: ZIdProcesso, querystring: ZConsultaPaginadaApi, resposta: zPaginaApi(ZPrazoApi) },
    exemplo: { resposta: { itens: [EXEMPLO_PRAZO], tem_mais: false, proximo_cursor: null } },
    internas: ["GET /api/processos/:id/prazos"],
    handler: async ({ deps, chave, params, query }) => {
      await processo(deps, chave.empresaId, params.id);
      return lerPaginaApi(
        deps,
        chave.empresaId,
        { nome: "api-v1-prazos-processo", alias: "p", extras: [params.id], sql: paginaDePrazos(true) },
        query,
        paraPrazoApi,
      );
    },
  }),
  operacao({
    id: "criarPrazo",
    method: "POST",
    url: "/processos/:id/prazos",
    escopo: "processes:write",
    tag: "Prazos",
    resumo: "Lança um prazo num processo",
    descricao:
      "Sem `data_seguranca`: um dia útil antes da data fatal. Sem `responsavel_id`: nenhum (a chave não é uma pessoa); com ele, a pessoa é avisada.",
    status: 201,
    schema: { params: ZIdProcesso, body: ZSalvarPrazo, resposta: ZPrazoApi },
    exemplo: { pedido: { titulo: EXEMPLO_PRAZO.titulo, data_fatal: EXEMPLO_PRAZO.data_fatal }, resposta: EXEMPLO_PRAZO },
    internas: ["POST /api/processos/:id/prazos"],
    handler: async ({ deps, chave, params, body }) => {
      const p = await criarPrazo(deps, contextoDaChave(chave.empresaId), params.id, body, autorDaChave(chave));
      return lerPrazoApi(deps, chave.empresaId, p.id);
    },
  }),
  operacao({
    id: "mudarEstadoPrazo",
    method: "PATCH",
    url: "/prazos/:id/estado",
    escopo: "processes:write",
    tag: "Prazos",
    resumo: "Conclui, reabre ou cancela um prazo",
    status: 200,
    schema: { params: ZIdPrazo, body: ZEstadoPrazoBody, resposta: ZPrazoApi },
    exemplo: {
      pedido: { estado: "concluido" },
      resposta: { ...EXEMPLO_PRAZO, estado: "concluido", concluido_em: "2026-12-08T12:00:00.000Z" },
    },
    internas: ["PUT /api/prazos/:id/estado"],
    handler: async ({ deps, chave, params, body }) => {
      await mudarEstadoPrazo(deps, contextoDaChave(chave.empresaId), params.id, body.estado, autorDaChave(chave));
      return lerPrazoApi(deps, chave.empresaId, params.id);
    },
  }),
  operacao({
    id: "listarDocumentosDoProcesso",
    method: "GET",
    url: "/processos/:id/documentos",
    escopo: "processes:read",
    tag: "Documentos",
    resumo: "Lista os documentos de um processo",
    descricao: "Em ordem de (data_upload, id): um documento não muda depois de enviado.",
    status: 200,
    schema: { params: ZIdProcesso, querystring: ZConsultaPaginadaApi, resposta: zPaginaApi(ZDocumentoApi) },
    exemplo: { resposta: { itens: [EXEMPLO_DOCUMENTO], tem_mais: false, proximo_cursor: null } },
    internas: ["GET /api/documentos"],
    handler: async ({ deps, chave, params, query }) => {
      await processo(deps, chave.empresaId, params.id);
      const ctx = contextoDaChave(chave.empresaId);
      return lerPaginaApi(
        deps,
        chave.empresaId,
        {
          nome: "api-v1-documentos",
          alias: "d",
          tempo: "data_upload",
          extras: [params.id],
          sql: (p) => `SELECT ${COLUNAS_DOCUMENTO}, d.data_upload::text AS _cursor_t FROM documentos d ${JUNCOES_DOCUMENTO}
                        WHERE d.id_empresa_fk = $1 AND d.id_lead_fk = $2 AND ${p.onde} ${p.ordem}`,
        },
        query,
        (r) => semExcluir(paraDocumento({ ...r, data_upload: new Date(r.data_upload as string) }, ctx)),
      );
    },
  }),
  operacao({
    id: "enviarDocumento",
    method: "POST",
    url: "/processos/:id/documentos",
    escopo: "processes:write",
    tag: "Documentos",
    resumo: "Envia um documento para um processo (multipart/form-data)",
    descricao:
      "As mesmas regras da tela: até 10 MB (413), o tipo provado pelo conteúdo e igual ao da extensão (415 se não), nome limpo; o Jurídico é avisado.",
    status: 201,
    schema: { params: ZIdProcesso, resposta: ZDocumentoApi },
    formulario: ZFormularioDocumento,
    exemplo: { pedido: { arquivo: "(binário)", descricao: "Contrato de financiamento" }, resposta: EXEMPLO_DOCUMENTO },
    internas: ["POST /api/processos/:id/documentos"],
    handler: async ({ deps, chave, params, req }) =>
      semExcluir(await enviarDocumento(deps, contextoDaChave(chave.empresaId), params.id, req, autorDaChave(chave))),
  }),
  operacao({
    id: "baixarDocumento",
    method: "GET",
    url: "/documentos/:id/arquivo",
    escopo: "processes:read",
    tag: "Documentos",
    resumo: "Baixa o arquivo de um documento",
    descricao: "O arquivo como foi enviado, com o seu Content-Type (provado pelo conteúdo) e o nome em Content-Disposition.",
    status: 200,
    schema: { params: ZIdDocumento },
    arquivo: "O arquivo (attachment)",
    exemplo: {},
    internas: ["GET /api/documentos/:id/conteudo"],
    handler: ({ deps, chave, params, reply }) =>
      enviarConteudoDocumento(deps, contextoDaChave(chave.empresaId), params.id, true, reply),
  }),
];
