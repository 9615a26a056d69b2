import { z } from "zod";
import type { TTipoMudanca } from "./change-log";
import { zTexto } from "./schemas/text";

/**
 * Outbound webhooks to the Standard Webhooks 1.0 specification (decisions 1801–1805): the event types a company's
 * endpoints subscribe to, how a change log row becomes them, the retry schedule, and the screen's pt-BR texts.
 */
export const TIPOS_EVENTO_WEBHOOK = [
  "lead.created",
  "lead.updated",
  "lead.status_changed",
  "lead.assigned",
  "lead.deleted",
  "lead.erased",
  "message.received",
  "message.sent",
  "message.status_changed",
  "process.opened",
  "process.status_changed",
  "document.uploaded",
  "deadline.created",
  "deadline.completed",
  "privacy_request.opened",
  "privacy_request.closed",
  "subscription.changed",
] as const;
export type TTipoEventoWebhook = (typeof TIPOS_EVENTO_WEBHOOK)[number];

/**
 * Event types the issue asks for whose change-log kind does not exist yet: nothing writes them to the log, so no
 * endpoint can receive them. Each becomes a TIPOS_EVENTO_WEBHOOK entry once its writer logs the kind.
 */
export const TIPOS_EVENTO_SEM_REGISTRO = ["screening.completed", "whatsapp.connection_changed"] as const;

/** The test event ('Enviar evento de teste'): sent to one endpoint only, whatever types it wants. */
export const TIPO_EVENTO_TESTE = "webhook.test";

/** pt-BR label of each event type (the screen's checkboxes). */
export const ROTULO_EVENTO_WEBHOOK: Record<TTipoEventoWebhook, string> = {
  "lead.created": "Lead criado",
  "lead.updated": "Lead alterado",
  "lead.status_changed": "Status do lead alterado",
  "lead.assigned": "Lead atribuído",
  "lead.deleted": "Lead excluído",
  "lead.erased": "Dados do lead eliminados (LGPD)",
  "message.received": "Mensagem recebida",
  "message.sent": "Mensagem enviada",
  "message.status_changed": "Status de mensagem alterado",
  "process.opened": "Processo aberto",
  "process.status_changed": "Status jurídico alterado",
  "document.uploaded": "Documento enviado",
  "deadline.created": "Prazo criado",
  "deadline.completed": "Prazo concluído",
  "privacy_request.opened": "Solicitação de privacidade aberta",
  "privacy_request.closed": "Solicitação de privacidade atendida",
  "subscription.changed": "Assinatura alterada",
};

/** The part of a change log row (decision 1701) that decides its event types. */
export type TMudancaParaEvento = {
  tipo: TTipoMudanca | string;
  antes: Record<string, unknown> | null;
  depois: Record<string, unknown> | null;
};

/** A lead row that gave the lead its first legal status: its legal process opened (decision 1101). */
const abriuProcesso = (m: TMudancaParaEvento) =>
  !!m.antes &&
  "status_juridico_lead" in m.antes &&
  m.antes.status_juridico_lead == null &&
  m.depois?.status_juridico_lead != null;

/**
 * The change-log kinds that may give an event (those `eventosDaMudanca` names): GET /api/v1/events reads only these
 * rows, so a page is not spent on kinds no integration hears about (decision 1817). A domain test keeps both equal.
 */
export const TIPOS_MUDANCA_COM_EVENTO = [
  "lead.criado",
  "lead.alterado",
  "lead.status",
  "lead.status_juridico",
  "lead.atribuido",
  "lead.excluido",
  "lead.transferido",
  "lead.eliminado",
  "mensagem.recebida",
  "mensagem.enviada",
  "mensagem.status",
  "documento.enviado",
  "prazo.criado",
  "prazo.alterado",
  "assinatura.alterada",
  "privacidade.solicitada",
  "privacidade.atendida",
  "privacidade.recusada",
] as const satisfies readonly TTipoMudanca[];

/**
 * The event types one change log row gives, in a fixed order (a delivery's `webhook-id` holds the position, so the
 * same row always gives the same ids). A kind without an event gives none; a reader ignores kinds it does not know.
 */
export function eventosDaMudanca(m: TMudancaParaEvento): TTipoEventoWebhook[] {
  switch (m.tipo) {
    case "lead.criado":
      return ["lead.created"];
    case "lead.alterado":
      return ["lead.updated"];
    case "lead.status":
      return abriuProcesso(m) ? ["lead.status_changed", "process.opened"] : ["lead.status_changed"];
    case "lead.status_juridico":
      return [abriuProcesso(m) ? "process.opened" : "process.status_changed"];
    case "lead.atribuido":
      return ["lead.assigned"];
    // a transfer moves the consultant and, for an open lead, the status (decision 1836)
    case "lead.transferido":
      return m.antes && "status_lead" in m.antes ? ["lead.assigned", "lead.status_changed"] : ["lead.assigned"];
    case "lead.excluido":
      return ["lead.deleted"];
    // a titular's erasure (decision 1861): ids and counts only, never a personal value
    case "lead.eliminado":
      return ["lead.erased"];
    case "mensagem.recebida":
      return ["message.received"];
    case "mensagem.enviada":
      return ["message.sent"];
    case "mensagem.status":
      return ["message.status_changed"];
    case "documento.enviado":
      return ["document.uploaded"];
    case "prazo.criado":
      return ["deadline.created"];
    case "prazo.alterado":
      return m.depois?.estado === "concluido" && m.antes && "estado" in m.antes ? ["deadline.completed"] : [];
    case "assinatura.alterada":
      return ["subscription.changed"];
    case "privacidade.solicitada":
      return ["privacy_request.opened"];
    case "privacidade.atendida":
    case "privacidade.recusada":
      return ["privacy_request.closed"];
    default:
      return [];
  }
}

/**
 * The retry schedule (Standard Webhooks 1.0, "Deliverability and reliability"): the delay before each attempt after
 * the first, in seconds — 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h: ten attempts over about 3 days.
 */
export const ESPERAS_WEBHOOK_S = [5, 300, 1_800, 7_200, 18_000, 36_000, 50_400, 72_000, 86_400] as const;
export const MAX_TENTATIVAS_WEBHOOK = ESPERAS_WEBHOOK_S.length + 1;
/** Random jitter added to each wait, as a fraction of it (±10 %), so retries of many deliveries do not bunch up. */
export const JITTER_WEBHOOK = 0.1;
/** A `Retry-After` longer than this is capped (the receiver is then treated as failing, not throttling). */
export const MAX_RETRY_AFTER_S = 86_400;
/** Request timeout (the spec recommends 15–30 s). */
export const TIMEOUT_WEBHOOK_MS = 15_000;
/** The endpoint is disabled after failing for this long without one success (its admins are told). */
export const DIAS_FALHA_DESATIVA = 5;
/** The old secret keeps signing beside the new one for this long after a rotation. */
export const HORAS_SEGREDO_ANTERIOR = 24;
/** The delivery log is kept this long. */
export const DIAS_LOG_WEBHOOK = 30;
/** The first bytes of the receiver's answer kept in the log. */
export const BYTES_RESPOSTA_LOG = 4_096;
export const MAX_ENDPOINTS_WEBHOOK = 20;

/**
 * The wait before attempt `proxima` (2 for the first retry): the schedule's, with jitter (`sorte` in [0, 1)), or the
 * receiver's `Retry-After` when longer (capped). Null when the schedule is over: the delivery failed.
 */
export function esperaAntesDaTentativa(proxima: number, sorte: number, retryAfterS: number | null = null): number | null {
  const base = ESPERAS_WEBHOOK_S[proxima - 2];
  if (base === undefined) return null;
  const comJitter = base * (1 + JITTER_WEBHOOK * (2 * sorte - 1));
  return Math.max(comJitter, Math.min(retryAfterS ?? 0, MAX_RETRY_AFTER_S));
}

export const TEXTO_WEBHOOKS = {
  titulo: "Webhooks",
  descricao:
    "Avise os sistemas da sua empresa quando algo muda no CRM. Cada evento vai por POST, assinado no padrão Standard Webhooks (cabeçalhos webhook-id, webhook-timestamp e webhook-signature).",
  novo: "Novo endpoint",
  url: "URL do endpoint",
  urlInvalida: "Informe uma URL http(s) válida",
  descricaoCampo: "Descrição",
  eventos: "Eventos",
  todosEventos: "Todos os eventos (inclusive os que vierem a existir)",
  escolherEventos: "Só os eventos escolhidos",
  eventosObrigatorios: "Escolha ao menos um evento",
  criar: "Criar endpoint",
  criado: "Endpoint criado. Copie o segredo agora: ele não será mostrado de novo.",
  segredo: "Segredo de assinatura",
  salvar: "Salvar",
  salvo: "Endpoint salvo.",
  ativar: "Ativar",
  desativar: "Desativar",
  ativo: "Ativo",
  inativo: "Desativado",
  desativadoGone: "Desativado: o receptor respondeu 410 (Gone)",
  desativadoFalhas: "Desativado após 5 dias de falhas",
  rotacionar: "Rotacionar segredo",
  rotacionado: "Novo segredo criado. O anterior continua assinando por 24 horas.",
  confirmarRotacionar: "Criar um novo segredo? O atual continua valendo por 24 horas.",
  excluir: "Excluir",
  confirmarExcluir: "Excluir este endpoint e o registro das suas entregas?",
  excluido: "Endpoint excluído.",
  testar: "Enviar evento de teste",
  testeEnviado: "Evento de teste na fila de envio.",
  entregas: "Entregas",
  semEntregas: "Nenhuma entrega nos últimos 30 dias",
  reenviar: "Reenviar",
  reenviada: "Entrega reenviada.",
  reenviarFalhas: "Reenviar falhas do período",
  reenviadas: (n: number) => (n === 1 ? "1 entrega reenviada." : `${n} entregas reenviadas.`),
  de: "De",
  ate: "Até",
  vazio: "Nenhum endpoint criado",
  carregando: "Carregando webhooks...",
  erroCarregar: "Erro ao carregar os webhooks",
  endpointNaoEncontrado: "Endpoint não encontrado.",
  entregaNaoEncontrada: "Entrega não encontrada.",
  limiteEndpoints: `Limite de ${MAX_ENDPOINTS_WEBHOOK} endpoints: exclua um antes de criar outro.`,
  periodoInvalido: "Período inválido: a data inicial deve ser anterior à final.",
  estado: { pendente: "Pendente", entregue: "Entregue", falhou: "Falhou" },
  tentativa: "Tentativa",
  resposta: "Resposta",
  latencia: "Latência",
  avisoDesativadoTitulo: "Webhook desativado",
  avisoDesativado: (url: string) =>
    `O endpoint ${url} falhou por ${DIAS_FALHA_DESATIVA} dias seguidos e foi desativado. Corrija o receptor e reative-o em Configurações → Webhooks; as entregas que falharam podem ser reenviadas de lá.`,
} as const;

const zUrl = zTexto({ error: TEXTO_WEBHOOKS.urlInvalida })
  .trim()
  .max(2000, TEXTO_WEBHOOKS.urlInvalida)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "https:" || u.protocol === "http:") && !u.username && !u.password;
    } catch {
      return false;
    }
  }, TEXTO_WEBHOOKS.urlInvalida);
const zTipos = z
  .array(z.enum(TIPOS_EVENTO_WEBHOOK, { error: TEXTO_WEBHOOKS.eventosObrigatorios }))
  .min(1, TEXTO_WEBHOOKS.eventosObrigatorios)
  .max(TIPOS_EVENTO_WEBHOOK.length)
  .nullable();

export const ZNovoEndpointWebhook = z.object({
  url: zUrl,
  descricao: zTexto().trim().max(200).default(""),
  /** null: every event type */
  tipos_evento: zTipos.default(null),
});
export type TNovoEndpointWebhook = z.input<typeof ZNovoEndpointWebhook>;

export const ZEdicaoEndpointWebhook = z.object({
  url: zUrl.optional(),
  descricao: zTexto().trim().max(200).optional(),
  tipos_evento: zTipos.optional(),
  ativo: z.boolean().optional(),
});
export type TEdicaoEndpointWebhook = z.input<typeof ZEdicaoEndpointWebhook>;

export const ZEndpointWebhook = z.object({
  id: z.guid(),
  url: z.string(),
  descricao: z.string(),
  tipos_evento: z.array(z.string()).nullable(),
  ativo: z.boolean(),
  desativado_motivo: z.enum(["gone", "falhas", "manual"]).nullable(),
  segredo_anterior_ate: z.string().nullable(),
  criado_em: z.string(),
});
export type TEndpointWebhook = z.infer<typeof ZEndpointWebhook>;
export const ZListaEndpointsWebhook = z.object({ endpoints: z.array(ZEndpointWebhook) });
export type TListaEndpointsWebhook = z.infer<typeof ZListaEndpointsWebhook>;
/** Creation and rotation answer with the whole secret, shown once. */
export const ZEndpointWebhookComSegredo = ZEndpointWebhook.extend({ segredo: z.string() });
export type TEndpointWebhookComSegredo = z.infer<typeof ZEndpointWebhookComSegredo>;

export const ZTentativaWebhook = z.object({
  tentativa: z.number().int(),
  em: z.string(),
  cabecalhos: z.record(z.string(), z.string()),
  status_resposta: z.number().int().nullable(),
  corpo_resposta: z.string().nullable(),
  erro: z.string().nullable(),
  latencia_ms: z.number().int(),
});
export type TTentativaWebhook = z.infer<typeof ZTentativaWebhook>;
export const ZEntregaWebhook = z.object({
  id: z.guid(),
  id_mensagem: z.string(),
  tipo: z.string(),
  corpo: z.string(),
  estado: z.enum(["pendente", "entregue", "falhou"]),
  tentativas: z.number().int(),
  proxima_tentativa_em: z.string().nullable(),
  criada_em: z.string(),
  historico: z.array(ZTentativaWebhook),
});
export type TEntregaWebhook = z.infer<typeof ZEntregaWebhook>;
export const ZListaEntregasWebhook = z.object({ entregas: z.array(ZEntregaWebhook) });
export type TListaEntregasWebhook = z.infer<typeof ZListaEntregasWebhook>;

export const ZReenvioFalhas = z
  .object({ de: z.iso.datetime({ offset: true }), ate: z.iso.datetime({ offset: true }) })
  .refine((p) => Date.parse(p.de) < Date.parse(p.ate), TEXTO_WEBHOOKS.periodoInvalido);
export type TReenvioFalhas = z.infer<typeof ZReenvioFalhas>;
export const ZReenvioFalhasFeito = z.object({ reenviadas: z.number().int() });
