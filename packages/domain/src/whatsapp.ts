/** WhatsApp and chat rules shared by server and web (001 'Lead chat', 'Conversations', §3, §9). */
import { formatarData, TIMEZONE } from "./format";
import { MSG } from "./messages";
import type { TStatusLead } from "./status";

export const PROVEDORES_WHATSAPP = ["official", "unofficial", "sandbox"] as const;
export type TProvedorWhatsApp = (typeof PROVEDORES_WHATSAPP)[number];

export const ROTULO_PROVEDOR: Record<TProvedorWhatsApp, string> = {
  official: "API Oficial",
  unofficial: "API Não Oficial",
  sandbox: "Sandbox (simulação)",
};

/**
 * The 24-hour customer-service window is a rule of the WhatsApp Business Cloud API. The sandbox imitates
 * the official API (so the demo shows the rule); an unofficial gateway has no such window.
 */
export function provedorTemJanela(p: TProvedorWhatsApp): boolean {
  return p !== "unofficial";
}

/** Graph API version used when the company does not set one (the spec's v18 expired in January 2026). */
export const GRAPH_VERSAO_PADRAO = "v25.0";
export const IDIOMA_TEMPLATE_PADRAO = "pt_BR";
export const NOME_DOCUMENTO_PADRAO = "documento.pdf";

export const STATUS_MENSAGEM = ["pending", "sent", "delivered", "read", "failed", "received"] as const;
export type TStatusMensagem = (typeof STATUS_MENSAGEM)[number];

export const STATUS_SESSAO = ["connected", "disconnected", "qr_ready"] as const;
export type TStatusSessao = (typeof STATUS_SESSAO)[number];

const ORDEM: Record<TStatusMensagem, number> = { pending: 0, sent: 1, delivered: 2, read: 3, failed: 1.5, received: 0 };

/**
 * Whether a status report may replace the stored status. Reports arrive in any order and more than once:
 * a status only moves forward (sent → delivered → read); 'failed' only ends a message not yet delivered,
 * and nothing but a manual retry leaves 'failed'.
 */
export function statusSubstitui(atual: TStatusMensagem, novo: TStatusMensagem): boolean {
  if (atual === novo || atual === "received" || novo === "received" || novo === "pending") return false;
  if (atual === "failed") return false;
  if (novo === "failed") return atual === "pending" || atual === "sent";
  return ORDEM[novo] > ORDEM[atual];
}

/** The connection screen's check (001: 'polling every 30 seconds'): at most one provider call per company per period. */
export const INTERVALO_VERIFICACAO_WHATSAPP_MS = 30_000;
/** The longest wait between checks after consecutive provider errors (decision 1612). */
export const ESPERA_MAXIMA_VERIFICACAO_WHATSAPP_MS = 10 * 60_000;

/**
 * The wait before the next provider check, given how many checks in a row ended in a provider error: 30 s, then
 * doubling (60 s, 2 min, 4 min, 8 min) up to 10 min, so a gateway that is down or rate-limiting is asked less and less.
 */
export function esperaProximaVerificacaoMs(errosSeguidos: number): number {
  const n = Math.max(0, Math.min(errosSeguidos, 10));
  return Math.min(INTERVALO_VERIFICACAO_WHATSAPP_MS * 2 ** n, ESPERA_MAXIMA_VERIFICACAO_WHATSAPP_MS);
}

export const JANELA_ATENDIMENTO_MS = 24 * 3_600_000;

/** `leadEscreveu`: the lead sent a message at some time (a lead who never wrote has no window to reopen: decision 1613). */
export type TJanela = { aplica: boolean; aberta: boolean; expiraEm: string | null; restanteMs: number; leadEscreveu: boolean };

/** The customer-service window: open for 24 hours after the lead's last message. */
export function janelaAtendimento(
  provedor: TProvedorWhatsApp,
  ultimaMensagemLead: Date | string | null | undefined,
  agora: Date = new Date(),
): TJanela {
  const leadEscreveu = !!ultimaMensagemLead;
  if (!provedorTemJanela(provedor)) return { aplica: false, aberta: true, expiraEm: null, restanteMs: 0, leadEscreveu };
  if (!ultimaMensagemLead) return { aplica: true, aberta: false, expiraEm: null, restanteMs: 0, leadEscreveu };
  const expira = new Date(new Date(ultimaMensagemLead).getTime() + JANELA_ATENDIMENTO_MS);
  const restanteMs = Math.max(0, expira.getTime() - agora.getTime());
  return { aplica: true, aberta: restanteMs > 0, expiraEm: expira.toISOString(), restanteMs, leadEscreveu };
}

/**
 * Why only an approved template can go out now: 24 hours passed since the lead's last message, or the lead never
 * wrote (the conversation starts with a template; "24 hours have passed" would be false: decision 1613).
 */
export const mensagemJanelaFechada = (j: Pick<TJanela, "leadEscreveu">): string =>
  j.leadEscreveu ? MSG.foraDaJanela24h : MSG.leadAindaNaoEscreveu;

/** '23h 05min' / '12min' for the window's remaining time. */
export function formatarRestante(ms: number): string {
  const min = Math.floor(ms / 60_000);
  const h = Math.floor(min / 60);
  const m = min % 60;
  return h > 0 ? `${h}h ${String(m).padStart(2, "0")}min` : `${m}min`;
}

// ---------------------------------------------------------------- attachments (001 'Lead chat', §9)
export const TAMANHO_MAXIMO_ANEXO = 16 * 1024 * 1024;
/** Image types WhatsApp delivers as images. */
export const MIME_IMAGENS = ["image/jpeg", "image/png", "image/webp"] as const;
export const EXTENSOES_DOCUMENTO = ["pdf", "doc", "docx", "xls", "xlsx", "txt"] as const;
export const MIME_DOCUMENTO: Record<(typeof EXTENSOES_DOCUMENTO)[number], string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  txt: "text/plain",
};
export const ACEITA_IMAGEM = MIME_IMAGENS.join(",");
export const ACEITA_DOCUMENTO = EXTENSOES_DOCUMENTO.map((e) => `.${e}`).join(",");

export type TTipoAnexo = "image" | "document";

export function extensaoDe(nome: string): string {
  const i = nome.lastIndexOf(".");
  return i < 0 ? "" : nome.slice(i + 1).toLowerCase();
}

/** First check, by name, declared type and size (the server checks the content again). */
export function problemaDoAnexo(tipo: TTipoAnexo, a: { nome: string; tamanho: number; mime?: string }): "grande" | "tipo" | null {
  if (a.tamanho > TAMANHO_MAXIMO_ANEXO) return "grande";
  if (a.tamanho <= 0) return "tipo";
  if (tipo === "image") return (MIME_IMAGENS as readonly string[]).includes(a.mime ?? "") ? null : "tipo";
  return (EXTENSOES_DOCUMENTO as readonly string[]).includes(extensaoDe(a.nome)) ? null : "tipo";
}

// ---------------------------------------------------------------- times shown in the chat and the list
const hora = new Intl.DateTimeFormat("pt-BR", { timeZone: TIMEZONE, hour: "2-digit", minute: "2-digit" });
const diaMes = new Intl.DateTimeFormat("pt-BR", { timeZone: TIMEZONE, day: "2-digit", month: "2-digit" });
const diaLongo = new Intl.DateTimeFormat("pt-BR", { timeZone: TIMEZONE, day: "numeric", month: "long", year: "numeric" });
const chave = new Intl.DateTimeFormat("en-CA", { timeZone: TIMEZONE, year: "numeric", month: "2-digit", day: "2-digit" });

export const formatarHora = (d: Date | string | number) => hora.format(new Date(d));

/** The chat header where the last contact would be, for a lead with no message yet (never 'Nunca': decision 1613). */
export const SEM_CONTATO_AINDA = "Nenhuma mensagem trocada ainda";

/** Last-contact header: under 1 hour 'Agora há pouco', under 24 hours 'Nh atrás', otherwise a date (never 'Nunca'). */
export function tempoUltimoContato(d: Date | string | number, agora: Date = new Date()): string {
  const ms = agora.getTime() - new Date(d).getTime();
  if (ms < 3_600_000) return "Agora há pouco";
  if (ms < 24 * 3_600_000) return `${Math.floor(ms / 3_600_000)}h atrás`;
  return formatarData(d);
}

/** Conversas: the last message's time under 24 hours, else day/month. */
export function horaConversa(d: Date | string | number, agora: Date = new Date()): string {
  const ms = agora.getTime() - new Date(d).getTime();
  return ms < 24 * 3_600_000 ? hora.format(new Date(d)) : diaMes.format(new Date(d));
}

/** The calendar day in São Paulo (YYYY-MM-DD): the timeline groups messages by it. */
export const chaveDia = (d: Date | string | number) => chave.format(new Date(d));

/** Day separator of the timeline: 'Hoje', 'Ontem' or '5 de março de 2025'. */
export function rotuloDia(d: Date | string | number, agora: Date = new Date()): string {
  const k = chaveDia(d);
  if (k === chaveDia(agora)) return "Hoje";
  if (k === chaveDia(agora.getTime() - 24 * 3_600_000)) return "Ontem";
  return diaLongo.format(new Date(d));
}

/** The one phone formatter (phone.ts), kept importable from here for the chat screens. */
export { formatarTelefone } from "./phone-display";

// ---------------------------------------------------------------- status actions of the chat side panel
export const ACOES_STATUS_CHAT = [
  { acao: "interessado", rotulo: "Interessado", status: "Em Atendimento" },
  { acao: "nao_interessado", rotulo: "Não Interessado", status: "Não Interessado" },
  { acao: "agendar_retorno", rotulo: "Agendar Retorno", status: "Aguardando Retorno" },
  { acao: "qualificado", rotulo: "Lead Qualificado", status: "Convertido" },
] as const satisfies readonly { acao: string; rotulo: string; status: TStatusLead }[];
export type TAcaoStatusChat = (typeof ACOES_STATUS_CHAT)[number]["acao"];

/** Sending the first message or file while the lead waits for a consultant starts the service (001 'Lead chat'). */
export const STATUS_ESPERANDO_ATENDENTE: TStatusLead = "Qualificado para Atendente";
export const STATUS_EM_ATENDIMENTO: TStatusLead = "Em Atendimento";
