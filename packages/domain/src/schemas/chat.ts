import { z } from "zod";
import { MSG } from "../messages";
import { STATUS_LEAD } from "../status";
import { CATEGORIAS_MODELO } from "../templates";
import { ACOES_STATUS_CHAT, PROVEDORES_WHATSAPP, STATUS_MENSAGEM } from "../whatsapp";
import { ZNovoRetorno, ZTarefa } from "./follow-ups";
import { zId } from "./id";
import { zNumero } from "./number";
import { zTexto } from "./text";

/** One message of the timeline (001 §3 'Message entry'). */
export const ZMensagem = z.object({
  id: zId(),
  direcao: z.enum(["entrada", "saida"]),
  sender: z.enum(["lead", "ia", "consultor", "sistema"]),
  senderName: z.string().nullable(),
  content: z.string(),
  messageType: z.string(),
  status: z.enum(STATUS_MENSAGEM),
  erro: z.string().nullable(),
  timestamp: z.string(),
  templateName: z.string().nullable(),
  /** private file: downloaded through the chat's authorized media route */
  mediaUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  fileSize: z.number().nullable(),
  mimeType: z.string().nullable(),
  mediaStatus: z.enum(["pendente", "baixada", "falhou"]).nullable(),
  /** when the server stored it: live updates ask for what was stored since a moment */
  criadaEm: z.string(),
});
export type TMensagem = z.infer<typeof ZMensagem>;

/**
 * A page of the timeline: the newest `limite` messages, or those before the message `antes` (scrolling
 * back); or, for live updates, every message stored since `desde` (the client asks with some overlap and
 * merges by id, so messages committed out of order are not missed).
 */
export const ZFiltroMensagens = z.object({
  antes: zId().optional(),
  desde: z.iso.datetime({ offset: true }).optional(),
  limite: zNumero(z.number().int().min(1).max(200)).default(50),
});
export type TFiltroMensagens = z.infer<typeof ZFiltroMensagens>;

/** Messages in time order (oldest first); `temMais` says whether older ones exist before the first. */
export const ZPaginaMensagens = z.object({ itens: z.array(ZMensagem), temMais: z.boolean() });
export type TPaginaMensagens = z.infer<typeof ZPaginaMensagens>;

export const ZEnviarTexto = z.object({
  texto: zTexto().trim().min(1, MSG.mensagemVazia).max(4096, "A mensagem pode ter no máximo 4096 caracteres"),
});
export type TEnviarTexto = z.infer<typeof ZEnviarTexto>;

/** A provider-approved template (the only thing allowed outside the 24-hour window). */
export const ZEnviarTemplate = z.object({
  nome: zTexto().trim().min(1).max(512),
  idioma: zTexto().trim().min(2).max(15),
  parametros: z.array(zTexto().trim().min(1, MSG.campoObrigatorio).max(1024)).max(10).default([]),
});
export type TEnviarTemplate = z.infer<typeof ZEnviarTemplate>;

export const ZTemplateAprovado = z.object({
  nome: z.string(),
  idioma: z.string(),
  categoria: z.string(),
  corpo: z.string(),
  parametros: z.number().int(),
});
export type TTemplateAprovado = z.infer<typeof ZTemplateAprovado>;

/** A status button; 'Agendar Retorno' also carries the follow-up's time and note (decision 1831). */
export const ZAcaoStatus = z.object({
  acao: z.enum(ACOES_STATUS_CHAT.map((a) => a.acao) as [string, ...string[]]),
  retorno: ZNovoRetorno.optional(),
});

export const ZAtividade = z.object({
  id: z.string(),
  tipo: z.enum(["status", "mensagem"]),
  descricao: z.string(),
  quando: z.string(),
});

/** GET /api/chat/{leadId}: the lead with its consultant, the connection and the window (001 §7 'Lead for chat'). */
export const ZLeadChat = z.object({
  lead: z.object({
    id: zId(),
    id_empresa_fk: zId(),
    nome: z.string(),
    email: z.string().nullable(),
    telefone: z.string().nullable(),
    telefone_normalizado: z.string().nullable(),
    status_lead: z.enum(STATUS_LEAD),
    origem_lead: z.string(),
    valor_contrato: z.string(),
    tipo_financiamento: z.string().nullable(),
    cidade: z.string().nullable(),
    objetivo_cliente: z.string().nullable(),
    observacoes: z.string().nullable(),
    consultor: z.object({ id: zId(), nome: z.string(), email: z.string() }).nullable(),
    /** the legal status once the lead is a legal process (read-only here; changed on /processos) */
    status_juridico_lead: z.string().nullable(),
    created_at: z.string(),
    /** the last message either way; null while there is none (decision 1613) */
    ultimo_contato: z.string().nullable(),
    ultima_mensagem_lead_em: z.string().nullable(),
  }),
  /** the lead's next open follow-up (decision 1831), for the header */
  proxima_tarefa: ZTarefa.nullable(),
  empresa: z.object({ nome: z.string() }),
  whatsapp: z.object({
    provedor: z.enum(PROVEDORES_WHATSAPP),
    conectado: z.boolean(),
    janela: z.object({
      aplica: z.boolean(),
      aberta: z.boolean(),
      expiraEm: z.string().nullable(),
      restanteMs: z.number(),
      leadEscreveu: z.boolean(),
    }),
  }),
  atividades: z.array(ZAtividade),
});
export type TLeadChat = z.infer<typeof ZLeadChat>;

// ---------------------------------------------------------------- company templates (modelos_mensagem)
export const ZSalvarModelo = z.object({
  nome: zTexto().trim().min(1, MSG.nomeObrigatorio).max(120),
  categoria: z.enum(CATEGORIAS_MODELO, { error: MSG.campoObrigatorio }),
  conteudo: zTexto().trim().min(1, "Conteúdo é obrigatório").max(4096),
});
export type TSalvarModelo = z.infer<typeof ZSalvarModelo>;

export const ZModelo = z.object({
  id: z.string(),
  nome: z.string(),
  categoria: z.enum(CATEGORIAS_MODELO),
  conteudo: z.string(),
  /** built-in templates cannot be edited or deleted */
  padrao: z.boolean(),
});
export type TModelo = z.infer<typeof ZModelo>;

export const ZModelos = z.object({
  modelos: z.array(ZModelo),
  /** templates the provider approved, for outside the 24-hour window */
  aprovados: z.array(ZTemplateAprovado),
  erroAprovados: z.string().nullable(),
});
export type TModelos = z.infer<typeof ZModelos>;

// ---------------------------------------------------------------- Conversas
export const ZConversa = z.object({
  leadId: zId(),
  nome: z.string(),
  telefone: z.string().nullable(),
  status_lead: z.string(),
  empresa: z.string().nullable(),
  ultimaMensagem: z.string(),
  ultimaMensagemTipo: z.string(),
  ultimaMensagemDirecao: z.enum(["entrada", "saida"]),
  ultimaMensagemStatus: z.enum(STATUS_MENSAGEM),
  ultimaMensagemEm: z.string(),
  naoLidas: z.number().int(),
});
export type TConversa = z.infer<typeof ZConversa>;

export const ZFiltroConversas = z.object({
  busca: zTexto().trim().max(100).optional(),
  /** a company tag the lead has (decision 1833) */
  etiqueta: z.guid().optional(),
  /** keyset cursor: the last row's time and lead id */
  antesDe: z.iso.datetime({ offset: true }).optional(),
  antesId: zId().optional(),
  limite: zNumero(z.number().int().min(1).max(100)).default(30),
});
export type TFiltroConversas = z.infer<typeof ZFiltroConversas>;

export const ZPaginaConversas = z.object({
  itens: z.array(ZConversa),
  proximo: z.object({ antesDe: z.string(), antesId: zId() }).nullable(),
});
export type TPaginaConversas = z.infer<typeof ZPaginaConversas>;
