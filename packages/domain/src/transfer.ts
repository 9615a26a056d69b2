import type { TStatusLead } from "./status";

/**
 * Transfer of a lead from the chat (decision 1836): to another consultant of the company, online or not, or back to
 * the waiting queue, always with a note that says why. The lead then waits as any lead waits for a consultant: in the
 * waiting status, with the receiver (their 'Qualificados' column, the bell) or with nobody (the queue).
 */
export const LIMITE_NOTA_TRANSFERENCIA = 1000;

/** Where a transferred lead waits: the status every assignment hands a lead over with (STATUS_AGUARDANDO_ATRIBUICAO). */
export const STATUS_APOS_TRANSFERENCIA: TStatusLead = "Qualificado para Atendente";

/**
 * A converted lead is a legal process (decision 1101): a transfer changes its consultant but keeps its status, so the
 * legal team's process is never undone by a hand-over.
 */
export const STATUS_MANTIDOS_NA_TRANSFERENCIA: readonly TStatusLead[] = ["Convertido", "Convertido (Ganho)"];

export function statusAposTransferencia(atual: string): TStatusLead | null {
  if ((STATUS_MANTIDOS_NA_TRANSFERENCIA as readonly string[]).includes(atual)) return null;
  return atual === STATUS_APOS_TRANSFERENCIA ? null : STATUS_APOS_TRANSFERENCIA;
}

/**
 * 'Carteira' (decision 1837): a lead that was lost (not converted) and writes again goes back to the waiting status,
 * with its own consultant when they are still active in the company, else by the assignment rules.
 */
export const STATUS_REABREM_NA_CARTEIRA: readonly TStatusLead[] = [
  "Perdido",
  "Desqualificado / Perdido",
  "Sem Resposta",
  "Não Interessado",
];

/** The bell notification's `dados.tipo` of a transfer (the notification's type is 'lead_assigned'). */
export const NOTIFICACAO_TRANSFERENCIA = "transferencia";

export const MSG_TRANSFERENCIA = {
  titulo: "Transferir atendimento",
  descricao: "Escolha para quem o lead vai e diga por quê. Quem recebe é avisado e encontra o lead aguardando.",
  destino: "Transferir para",
  fila: "Fila de espera (atribuição automática)",
  nota: "Nota da transferência",
  notaObrigatoria: "Escreva uma nota dizendo por que está transferindo.",
  notaLonga: `A nota pode ter no máximo ${LIMITE_NOTA_TRANSFERENCIA} caracteres.`,
  destinoInvalido: "Escolha um consultor ativo da empresa ou a fila de espera.",
  mesmoConsultor: "O lead já está com este consultor.",
  jaNaFila: "O lead já está na fila de espera.",
  soResponsavel: "Só o consultor responsável pelo lead ou o administrador da empresa pode transferi-lo.",
  transferido: (destino: string) => `Lead transferido para ${destino}.`,
  devolvidoFila: "Lead devolvido à fila de espera.",
  erro: "Não foi possível transferir o lead. Tente novamente.",
  carregandoConsultores: "Carregando consultores...",
  erroConsultores: "Não foi possível carregar os consultores.",
  semConsultores: "Nenhum outro consultor ativo na empresa. Você ainda pode devolver o lead à fila de espera.",
  online: "online",
  offline: "offline",
  botao: "Transferir",
  confirmar: "Transferir lead",
  notificacaoTitulo: "Lead transferido para você",
  notificacaoConteudo: (de: string, lead: string, nota: string) => `${de} transferiu ${lead} para você: “${nota}”`,
  motivoFila: "Devolvido à fila de espera",
  motivoCarteira: "Carteira: o lead voltou a escrever",
  limiteRotulo: "Limite de conversas abertas por consultor",
  limiteDica:
    "A atribuição automática pula quem já tem esse número de leads abertos. Em branco: sem limite. Transferências não têm limite.",
} as const;
