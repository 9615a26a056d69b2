import { zPaginaApi } from "@crm/domain/api-v1";
import { MSG } from "@crm/domain/messages";
import { MSG_AGENDADAS } from "@crm/domain/scheduled-messages";
import {
  type TMensagemAgendadaApi,
  ZConsultaAgendadasApi,
  ZMensagemAgendadaApi,
} from "@crm/domain/schemas/api-scheduled-messages";
import { ZEditarAgendamento, ZNovoAgendamento } from "@crm/domain/schemas/scheduled-messages";
import { z } from "zod";
import type { TDeps } from "../core/deps.js";
import { withTenant } from "../db/tenant.js";
import { agendarMidia } from "../scheduled-messages/schedule-media.js";
import {
  COLUNAS_AGENDAMENTO,
  cancelarAgendamento,
  criarAgendamento,
  editarAgendamento,
  JUNCOES_AGENDAMENTO,
  paraAgendamento,
} from "../scheduled-messages/schedules.js";
import { autorDaChave, contextoDaChave, type TChaveAutenticada } from "./authenticate.js";
import { operacao } from "./operation.js";
import { ProblemaApi } from "./problem.js";
import { lerPaginaApi } from "./read-page.js";

const ZIdLead = z.object({ id: z.guid({ error: MSG.leadNaoEncontrado }) });
const ZIdAgendada = z.object({ id: z.guid({ error: MSG_AGENDADAS.naoEncontrada }) });
const CURSOR = "WyIyMDI2LTEyLTA3IDEyOjAwOjAwKzAwIiwiMDE5MyJd";

const EXEMPLO_AGENDADA: TMensagemAgendadaApi = {
  id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8cf1",
  lead_id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8c9d",
  lead_nome: "Maria Souza",
  autor_id: null,
  autor_nome: null,
  tipo: "text",
  texto: "Bom dia, Maria! Conseguiu separar o contrato para a análise?",
  arquivo_nome: null,
  modelo: null,
  agendada_para: "2026-12-09T12:00:00.000Z",
  status: "agendada",
  motivo: null,
  cancelar_se_lead_escrever: true,
  mensagem_id: null,
  created_at: "2026-12-07T12:00:00.000Z",
  updated_at: "2026-12-07T12:00:00.000Z",
};

/** Who schedules through the API: the company admin's reach, no person, the key as the log's author (decision 1924). */
/** The multipart form of a scheduled image or document, as the chat's (described for the document only). */
const ZFormularioAgendadaMidia = z.object({
  tipo: z.enum(["image", "document"]),
  legenda: z.string().max(1024).optional(),
  agendada_para: z.string().meta({ format: "date-time" }),
  cancelar_se_lead_escrever: z.enum(["true", "false"]).optional(),
  modelo: z.string().optional().meta({ description: "o modelo aprovado em JSON: {nome, idioma, parametros}" }),
  arquivo: z
    .string()
    .meta({ format: "binary", description: "JPEG, PNG ou WEBP (image); PDF, Word, Excel ou texto (document); até 16 MB" }),
});

const quemDaChave = (c: TChaveAutenticada) => ({ ...contextoDaChave(c.empresaId), autor: autorDaChave(c) });

async function lerAgendadaApi(deps: Pick<TDeps, "db">, empresaId: string, id: string): Promise<TMensagemAgendadaApi> {
  const { rows } = await withTenant(deps.db.app, contextoDaChave(empresaId), (tx) =>
    tx.query(
      `SELECT ${COLUNAS_AGENDAMENTO}, a.updated_at FROM mensagens_agendadas a ${JUNCOES_AGENDAMENTO}
        WHERE a.id_empresa_fk = $1 AND a.id = $2`,
      [empresaId, id],
    ),
  );
  if (!rows[0]) throw new ProblemaApi("nao_encontrado", MSG_AGENDADAS.naoEncontrada);
  return paraAgendadaApi(rows[0]);
}
const paraAgendadaApi = (r: Record<string, unknown>): TMensagemAgendadaApi => ({
  ...paraAgendamento(r),
  updated_at: new Date(r.updated_at as string).toISOString(),
});

/**
 * Scheduled messages (decision 1924): every schedule of the company by cursor, a text scheduled to a lead, its
 * change and its cancelling, through the chat's writers (`scheduled-messages/schedules.ts`): the 24-hour window's
 * refusal, the template for a closed window, the per-lead limit, the sweep that sends it. `messages:*` scopes.
 */
export const OPERACOES_MENSAGENS_AGENDADAS = [
  operacao({
    id: "listarMensagensAgendadas",
    method: "GET",
    url: "/mensagens-agendadas",
    escopo: "messages:read",
    tag: "Mensagens agendadas",
    resumo: "Lista as mensagens agendadas",
    descricao:
      "Todas as da empresa, de todos os autores, em ordem de (updated_at, id). `lead_id` traz as de um lead; `status`, só as agendadas, enviadas, canceladas ou que falharam.",
    status: 200,
    schema: { querystring: ZConsultaAgendadasApi, resposta: zPaginaApi(ZMensagemAgendadaApi) },
    exemplo: { resposta: { itens: [EXEMPLO_AGENDADA], tem_mais: true, proximo_cursor: CURSOR } },
    internas: ["GET /api/agendamentos", "GET /api/chat/:leadId/agendamentos"],
    handler: ({ deps, chave, query }) =>
      lerPaginaApi(
        deps,
        chave.empresaId,
        {
          nome: "api-v1-mensagens-agendadas",
          alias: "a",
          extras: [query.lead_id ?? null, query.status ?? null],
          sql: (p) => `SELECT ${COLUNAS_AGENDAMENTO}, a.updated_at, a.updated_at::text AS _cursor_t
                         FROM mensagens_agendadas a ${JUNCOES_AGENDAMENTO}
                        WHERE a.id_empresa_fk = $1 AND ($2::uuid IS NULL OR a.id_lead_fk = $2)
                          AND ($3::text IS NULL OR a.status = $3) AND ${p.onde} ${p.ordem}`,
        },
        query,
        paraAgendadaApi,
      ),
  }),
  operacao({
    id: "agendarMensagem",
    method: "POST",
    url: "/leads/:id/mensagens-agendadas",
    escopo: "messages:send",
    tag: "Mensagens agendadas",
    resumo: "Agenda uma mensagem de texto a um lead",
    descricao:
      "Como no chat: `agendada_para` entre agora e o limite de dias; na API oficial, se a janela de 24 horas estará fechada na hora, é preciso um `modelo` aprovado (400 se não). Com `cancelar_se_lead_escrever`, uma resposta do lead antes da hora cancela o envio. Enviada pelo sistema, sem autor.",
    status: 201,
    schema: { params: ZIdLead, body: ZNovoAgendamento, resposta: ZMensagemAgendadaApi },
    exemplo: {
      pedido: {
        texto: EXEMPLO_AGENDADA.texto,
        agendada_para: EXEMPLO_AGENDADA.agendada_para,
        cancelar_se_lead_escrever: true,
      },
      resposta: EXEMPLO_AGENDADA,
    },
    internas: ["POST /api/chat/:leadId/agendamentos"],
    handler: async ({ deps, chave, params, body }) => {
      const a = await criarAgendamento(deps, quemDaChave(chave), params.id, { tipo: "text", ...body });
      return lerAgendadaApi(deps, chave.empresaId, a.id);
    },
  }),
  operacao({
    id: "agendarMidia",
    method: "POST",
    url: "/leads/:id/mensagens-agendadas/midia",
    escopo: "messages:send",
    tag: "Mensagens agendadas",
    resumo: "Agenda uma imagem ou um documento a um lead (multipart/form-data)",
    descricao:
      "Como no chat: o arquivo é conferido pelo conteúdo e guardado agora, enviado na hora marcada; as mesmas regras do agendamento de texto (janela de 24 horas, modelo, cancelamento se o lead escrever).",
    status: 201,
    schema: { params: ZIdLead, resposta: ZMensagemAgendadaApi },
    formulario: ZFormularioAgendadaMidia,
    exemplo: {
      pedido: {
        tipo: "document",
        legenda: "Segue a simulação",
        agendada_para: EXEMPLO_AGENDADA.agendada_para,
        arquivo: "(o arquivo: simulacao.pdf)",
      },
      resposta: { ...EXEMPLO_AGENDADA, tipo: "document", texto: "Segue a simulação" },
    },
    internas: ["POST /api/chat/:leadId/agendamentos/midia"],
    handler: async ({ deps, chave, params, req }) => {
      const a = await agendarMidia(deps, quemDaChave(chave), params.id, req);
      return lerAgendadaApi(deps, chave.empresaId, a.id);
    },
  }),
  operacao({
    id: "alterarMensagemAgendada",
    method: "PATCH",
    url: "/mensagens-agendadas/:id",
    escopo: "messages:send",
    tag: "Mensagens agendadas",
    resumo: "Muda a hora, o texto, a opção ou o modelo de uma mensagem agendada",
    descricao:
      "Os campos da edição da tela, todos informados (o tipo e o arquivo ficam). Só uma mensagem ainda agendada: enviada ou cancelada é 409 `conflito`.",
    status: 200,
    schema: { params: ZIdAgendada, body: ZEditarAgendamento, resposta: ZMensagemAgendadaApi },
    exemplo: {
      pedido: { texto: EXEMPLO_AGENDADA.texto, agendada_para: "2026-12-10T12:00:00.000Z", cancelar_se_lead_escrever: false },
      resposta: { ...EXEMPLO_AGENDADA, agendada_para: "2026-12-10T12:00:00.000Z", cancelar_se_lead_escrever: false },
    },
    internas: ["PUT /api/agendamentos/:id"],
    handler: async ({ deps, chave, params, body }) => {
      await editarAgendamento(deps, quemDaChave(chave), params.id, body);
      return lerAgendadaApi(deps, chave.empresaId, params.id);
    },
  }),
  operacao({
    id: "cancelarMensagemAgendada",
    method: "POST",
    url: "/mensagens-agendadas/:id/cancelamento",
    escopo: "messages:send",
    tag: "Mensagens agendadas",
    resumo: "Cancela uma mensagem agendada",
    descricao: "O motivo diz que a integração cancelou. Enviada ou já cancelada: 409 `conflito`.",
    status: 200,
    schema: { params: ZIdAgendada, resposta: ZMensagemAgendadaApi },
    exemplo: { resposta: { ...EXEMPLO_AGENDADA, status: "cancelada", motivo: "Cancelada por Integração (API)." } },
    internas: ["POST /api/agendamentos/:id/cancelar"],
    handler: async ({ deps, chave, params }) => {
      await cancelarAgendamento(deps, quemDaChave(chave), params.id);
      return lerAgendadaApi(deps, chave.empresaId, params.id);
    },
  }),
];
