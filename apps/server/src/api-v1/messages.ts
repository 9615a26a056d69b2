import { TEXTO_API_V1, ZConsultaPaginadaApi, zPaginaApi } from "@crm/domain/api-v1";
import { MSG } from "@crm/domain/messages";
import { type TMensagemApi, ZFormularioMidiaApi, ZMensagemApi } from "@crm/domain/schemas/api-messages";
import { ZEnviarTemplate, ZEnviarTexto } from "@crm/domain/schemas/chat";
import { z } from "zod";
import { COLUNAS_MENSAGEM, paraMensagem } from "../chat/message-row.js";
import { criarMensagemSaida, type TRemetente } from "../chat/send.js";
import { enviarMidia } from "../chat/send-media.js";
import { enviarTemplate } from "../chat/send-template.js";
import type { TDeps } from "../core/deps.js";
import { lerComTenant } from "../db/tenant.js";
import { lerUpload } from "../http/upload.js";
import { contextoDaChave, type TChaveAutenticada } from "./authenticate.js";
import { operacao } from "./operation.js";
import { pagina, sqlDaPagina } from "./pagination.js";
import { ProblemaApi } from "./problem.js";

const ZIdLead = z.object({ id: z.guid({ error: MSG.leadNaoEncontrado }) });
/** A message sent through the API: no person sends it, the key does (the change log's author, decision 1816). */
const remetenteApi = (c: TChaveAutenticada): TRemetente => ({
  autor: { origem: "api", usuarioId: null, chaveApiId: c.chaveId },
  nome: TEXTO_API_V1.remetenteApi,
});

/** A message row as the API shows it: the chat's shape without the browser's file URL, with its lead and last change. */
function paraMensagemApi(r: Record<string, unknown>): TMensagemApi {
  const { mediaUrl: _, ...m } = paraMensagem(r);
  return { ...m, lead_id: r.id_lead_fk as string, updated_at: new Date(r.updated_at as Date).toISOString() };
}

export const EXEMPLO_MENSAGEM: TMensagemApi = {
  id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8c9e",
  lead_id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8c9d",
  direcao: "saida",
  sender: "sistema",
  senderName: TEXTO_API_V1.remetenteApi,
  content: "Olá, Maria! Recebemos seu contrato e já estamos analisando.",
  messageType: "text",
  status: "pending",
  erro: null,
  timestamp: "2026-12-07T12:00:00.000Z",
  templateName: null,
  fileName: null,
  fileSize: null,
  mimeType: null,
  mediaStatus: null,
  criadaEm: "2026-12-07T12:00:00.000Z",
  updated_at: "2026-12-07T12:00:00.000Z",
};

/**
 * A page of one lead's messages, or 404 when the lead is not the key's company's: one statement (the lead, then its
 * messages in the cursor's order), so an empty page and an unknown lead are told apart without a second round trip.
 */
async function paginaDeMensagens(
  deps: Pick<TDeps, "db">,
  empresaId: string,
  leadId: string,
  q: z.infer<typeof ZConsultaPaginadaApi>,
) {
  const p = sqlDaPagina("m", q, 3);
  const { rows } = await lerComTenant(
    deps.db.leitura,
    contextoDaChave(empresaId),
    async () => ({
      name: "api-v1-mensagens",
      text: `SELECT l.id AS _lead, m.* FROM leads_juros_check l
               LEFT JOIN LATERAL (
                 SELECT ${COLUNAS_MENSAGEM}, m.updated_at, m.updated_at::text AS _cursor_t
                   FROM mensagens_whatsapp m
                  WHERE m.id_empresa_fk = $1 AND m.id_lead_fk = $2 AND ${p.onde} ${p.ordem}) m ON true
              WHERE l.id_empresa_fk = $1 AND l.id = $2`,
      values: [empresaId, leadId, ...p.valores],
    }),
    { planoGenerico: true },
  );
  if (!rows.length) throw new ProblemaApi("nao_encontrado", MSG.leadNaoEncontrado);
  const linhas = rows.filter((r) => r.id !== null);
  const pag = pagina<Record<string, unknown>>(linhas, q.limit);
  return { ...pag, itens: pag.itens.map(paraMensagemApi) };
}

/** One message of the key's company, as the API shows it (what a send answers). */
export async function lerMensagem(deps: Pick<TDeps, "db">, empresaId: string, id: string): Promise<TMensagemApi> {
  const { rows } = await lerComTenant(deps.db.leitura, contextoDaChave(empresaId), async () => ({
    name: "api-v1-mensagem",
    text: `SELECT ${COLUNAS_MENSAGEM}, updated_at FROM mensagens_whatsapp WHERE id_empresa_fk = $1 AND id = $2`,
    values: [empresaId, id],
  }));
  return paraMensagemApi(rows[0]);
}

const DESCRICAO_ENVIO =
  "Pelo provedor de WhatsApp da empresa, como no chat: a mensagem fica 'pending' e o envio segue numa fila; o status muda depois (evento message.status_changed). Fora da janela de 24 h só um modelo aprovado pode ser enviado (409).";

/** A lead's messages (decision 1816): list, and send text, a file or an approved template through the chat's writers. */
export const OPERACOES_MENSAGENS = [
  operacao({
    id: "listarMensagens",
    method: "GET",
    url: "/leads/:id/mensagens",
    escopo: "messages:read",
    tag: "Mensagens",
    resumo: "Lista as mensagens de um lead",
    descricao:
      "Em ordem de (updated_at, id): uma mensagem cujo status mudou volta no fim; `updated_since` traz só as novas ou alteradas desde então.",
    status: 200,
    schema: { params: ZIdLead, querystring: ZConsultaPaginadaApi, resposta: zPaginaApi(ZMensagemApi) },
    exemplo: { resposta: { itens: [EXEMPLO_MENSAGEM], tem_mais: false, proximo_cursor: null } },
    internas: ["GET /api/chat/:leadId/mensagens", "GET /api/chat/:leadId/mensagens/:mensagemId"],
    handler: ({ deps, chave, params, query }) => paginaDeMensagens(deps, chave.empresaId, params.id, query),
  }),
  operacao({
    id: "enviarMensagem",
    method: "POST",
    url: "/leads/:id/mensagens",
    escopo: "messages:send",
    tag: "Mensagens",
    resumo: "Envia uma mensagem de texto ao lead",
    descricao: DESCRICAO_ENVIO,
    status: 201,
    schema: { params: ZIdLead, body: ZEnviarTexto, resposta: ZMensagemApi },
    exemplo: { pedido: { texto: EXEMPLO_MENSAGEM.content }, resposta: EXEMPLO_MENSAGEM },
    internas: ["POST /api/chat/:leadId/mensagens"],
    handler: async ({ deps, chave, params, body }) => {
      const ctx = contextoDaChave(chave.empresaId);
      const m = await criarMensagemSaida(
        deps,
        ctx,
        params.id,
        { tipo: "text", texto: body.texto },
        undefined,
        remetenteApi(chave),
      );
      return lerMensagem(deps, chave.empresaId, m.id);
    },
  }),
  operacao({
    id: "enviarMidia",
    method: "POST",
    url: "/leads/:id/mensagens/midia",
    escopo: "messages:send",
    tag: "Mensagens",
    resumo: "Envia uma imagem ou um documento ao lead (multipart/form-data)",
    descricao: `${DESCRICAO_ENVIO} O tipo do arquivo é conferido pelo conteúdo, não pelo nome; até 16 MB (413).`,
    status: 201,
    schema: { params: ZIdLead, resposta: ZMensagemApi },
    formulario: ZFormularioMidiaApi,
    exemplo: {
      pedido: { tipo: "document", legenda: "Contrato assinado", arquivo: "(o arquivo: contrato.pdf)" },
      resposta: {
        ...EXEMPLO_MENSAGEM,
        content: "Contrato assinado",
        messageType: "document",
        fileName: "contrato.pdf",
        fileSize: 48213,
        mimeType: "application/pdf",
        mediaStatus: "baixada",
      },
    },
    internas: ["POST /api/chat/:leadId/midia"],
    handler: async ({ deps, chave, params, req }) => {
      const ctx = contextoDaChave(chave.empresaId);
      const { campos, arquivo } = await lerUpload(req);
      const m = await enviarMidia(
        deps,
        ctx,
        params.id,
        campos.tipo ?? "",
        arquivo,
        (campos.legenda ?? "").trim(),
        remetenteApi(chave),
      );
      return lerMensagem(deps, chave.empresaId, m.id);
    },
  }),
  operacao({
    id: "enviarModelo",
    method: "POST",
    url: "/leads/:id/mensagens/modelo",
    escopo: "messages:send",
    tag: "Mensagens",
    resumo: "Envia um modelo aprovado pelo provedor (também fora da janela de 24 h)",
    descricao: "O modelo deve estar aprovado no provedor da empresa, com todas as variáveis preenchidas (400 se não).",
    status: 201,
    schema: { params: ZIdLead, body: ZEnviarTemplate, resposta: ZMensagemApi },
    exemplo: {
      pedido: { nome: "retomar_contato", idioma: "pt_BR", parametros: ["Maria"] },
      resposta: {
        ...EXEMPLO_MENSAGEM,
        messageType: "template",
        templateName: "retomar_contato",
        content: "Olá, Maria! Podemos continuar?",
      },
    },
    internas: ["POST /api/chat/:leadId/template"],
    handler: async ({ deps, chave, params, body }) => {
      const m = await enviarTemplate(deps, contextoDaChave(chave.empresaId), params.id, body, remetenteApi(chave));
      return lerMensagem(deps, chave.empresaId, m.id);
    },
  }),
];
