import { JANELA_ATENDIMENTO_MS, provedorTemJanela, type TProvedorWhatsApp } from "./whatsapp";

/**
 * Messages scheduled from the chat (decisions 1885–1887): a text, an image or a document for a São Paulo date and
 * time, sent from the conversation's number by the sweep within seconds of its time, cancelled when the lead writes
 * first (unless the author turned that off), and needing an approved template when the official API's 24-hour
 * window is closed at that time.
 */
export const STATUS_AGENDAMENTO = ["agendada", "enviada", "cancelada", "falhou"] as const;
export type TStatusAgendamento = (typeof STATUS_AGENDAMENTO)[number];

export const TIPOS_AGENDAMENTO = ["text", "image", "document"] as const;
export type TTipoAgendamento = (typeof TIPOS_AGENDAMENTO)[number];

/** How far ahead a message may be scheduled. */
export const AGENDAMENTO_MAXIMO_DIAS = 90;
/** A lead's pending schedules at most (the chat shows them all; a flood is a campaign, not a schedule). */
export const AGENDAMENTOS_POR_LEAD = 20;

export const ROTULO_STATUS_AGENDAMENTO: Record<TStatusAgendamento, string> = {
  agendada: "Agendada",
  enviada: "Enviada",
  cancelada: "Cancelada",
  falhou: "Falhou",
};
export const ROTULO_TIPO_AGENDAMENTO: Record<TTipoAgendamento, string> = {
  text: "Texto",
  image: "Imagem",
  document: "Documento",
};

/**
 * Whether the 24-hour window will surely be closed at `para` (decision 1887): the provider has the window and the
 * lead's last message (if any) is more than 24 hours before that time. Surely only when the schedule is cancelled if
 * the lead writes — otherwise the lead may write meanwhile and open it, and the send decides at its time.
 */
export function janelaFechadaNoHorario(
  provedor: TProvedorWhatsApp,
  ultimaMensagemLead: Date | string | null | undefined,
  para: Date,
  cancelarSeLeadEscrever: boolean,
): boolean {
  if (!cancelarSeLeadEscrever || !provedorTemJanela(provedor)) return false;
  if (!ultimaMensagemLead) return true;
  return new Date(ultimaMensagemLead).getTime() + JANELA_ATENDIMENTO_MS <= para.getTime();
}

export const MSG_AGENDADAS = {
  titulo: "Mensagens agendadas",
  subtituloConsultor: "Suas mensagens agendadas para os leads.",
  subtituloAdmin: "Todas as mensagens agendadas da empresa.",
  acessoNegado: "Você não tem permissão para ver estas mensagens agendadas.",
  naoEncontrada: "Mensagem agendada não encontrada.",
  dataHoraInvalida: "Data ou hora inválida.",
  dataNoPassado: "Escolha uma data e hora que ainda não passaram.",
  dataMuitoDistante: `Agende para no máximo ${AGENDAMENTO_MAXIMO_DIAS} dias a partir de hoje.`,
  textoObrigatorio: "Digite a mensagem a agendar.",
  textoLongo: "A mensagem pode ter no máximo 4096 caracteres.",
  arquivoObrigatorio: "Escolha o arquivo a agendar.",
  limitePorLead: `Este lead já tem ${AGENDAMENTOS_POR_LEAD} mensagens agendadas. Cancele alguma antes de agendar outra.`,
  janelaFechadaNoHorario:
    "No horário escolhido a janela de 24 horas estará fechada: escolha um modelo aprovado para enviar no lugar.",
  falhaJanela: "Não enviada: a janela de 24 horas estava fechada e nenhum modelo aprovado foi escolhido.",
  canceladaLeadEscreveu: "Cancelada: o lead escreveu antes do horário agendado.",
  canceladaPor: (nome: string) => `Cancelada por ${nome}.`,
  canceladaManual: "Cancelada.",
  naoPendente: "Esta mensagem já foi enviada ou cancelada e não pode mais ser alterada.",
  agendar: "Agendar mensagem",
  agendada: "Mensagem agendada.",
  salva: "Mensagem agendada atualizada.",
  cancelada: "Mensagem agendada cancelada.",
  cancelar: "Cancelar agendamento",
  editar: "Editar",
  confirmarCancelar: "Cancelar esta mensagem agendada?",
  cancelarSeLeadEscrever: "Cancelar se o lead escrever antes",
  modeloForaDaJanela: "Modelo aprovado (enviado se a janela de 24 horas estiver fechada)",
  semModelo: "Nenhum modelo",
  data: "Data",
  hora: "Hora (horário de Brasília)",
  mensagem: "Mensagem",
  tipo: "Tipo",
  arquivo: "Arquivo",
  legenda: "Legenda (opcional)",
  pendentesNoChat: "Mensagens agendadas",
  semAgendadas: "Nenhuma mensagem agendada.",
  semAgendadasLead: "Nenhuma mensagem agendada para este lead.",
  carregando: "Carregando mensagens agendadas...",
  erroCarregar: "Não foi possível carregar as mensagens agendadas.",
  erroSalvar: "Não foi possível agendar a mensagem. Tente novamente.",
  erroCancelar: "Não foi possível cancelar a mensagem agendada. Tente novamente.",
  filtroStatus: "Situação",
  todas: "Todas",
  lead: "Lead",
  autor: "Agendada por",
  para: "Para",
  situacao: "Situação",
  acoes: "Ações",
  salvar: "Salvar",
  fechar: "Fechar",
} as const;
