import { TZDate } from "@date-fns/tz";
import { FUSO_SP } from "./period";

/**
 * Follow-up tasks of a lead (decision 1831): 'Agendar Retorno' and the tasks created from the chat. Due at an
 * instant chosen as a São Paulo date and time; reminded once in the bell when it comes due.
 */
export const ESTADOS_TAREFA = ["pendente", "concluida", "cancelada"] as const;
export type TEstadoTarefa = (typeof ESTADOS_TAREFA)[number];

/** The chat's status button that schedules a follow-up (whatsapp.ts ACOES_STATUS_CHAT). */
export const ACAO_AGENDAR_RETORNO = "agendar_retorno";

/** The title a follow-up gets from 'Agendar Retorno' (a task from the chat may name another). */
export const TITULO_RETORNO = "Retorno ao lead";

/** The bell notification's `dados.tipo` of a reminder (the notification's type is 'system'). */
export const NOTIFICACAO_RETORNO = "retorno";

/** Which tasks 'Meus retornos' lists: the person's open ones, or (admins) every consultant's overdue ones. */
export const ESCOPOS_TAREFAS = ["minhas", "atrasadas_todos"] as const;
export type TEscopoTarefas = (typeof ESCOPOS_TAREFAS)[number];

const dois = (n: number) => String(n).padStart(2, "0");

/** A São Paulo date 'YYYY-MM-DD' and time 'HH:MM' as an instant (ISO); null when either is not a real one. */
export function instanteSP(data: string, hora: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(data);
  const h = /^(\d{2}):(\d{2})$/.exec(hora);
  if (!d || !h) return null;
  const [ano, mes, dia, hh, mm] = [d[1], d[2], d[3], h[1], h[2]].map(Number);
  if (hh > 23 || mm > 59) return null;
  const t = new TZDate(ano, mes - 1, dia, hh, mm, FUSO_SP);
  if (t.getFullYear() !== ano || t.getMonth() !== mes - 1 || t.getDate() !== dia) return null;
  return new Date(t.getTime()).toISOString();
}

/** An instant's São Paulo date and time, for the form's fields. */
export function dataHoraSP(instante: Date): { data: string; hora: string } {
  const l = new TZDate(instante.getTime(), FUSO_SP);
  return {
    data: `${l.getFullYear()}-${dois(l.getMonth() + 1)}-${dois(l.getDate())}`,
    hora: `${dois(l.getHours())}:${dois(l.getMinutes())}`,
  };
}

/** Overdue: an open task whose time has passed. */
export const tarefaAtrasada = (t: { estado: TEstadoTarefa; vence_em: string }, agora: Date = new Date()) =>
  t.estado === "pendente" && new Date(t.vence_em).getTime() < agora.getTime();

export const MSG_TAREFAS = {
  acessoNegado: "Você não tem permissão para ver estes retornos.",
  tarefaNaoEncontrada: "Retorno não encontrado.",
  dataHoraObrigatoria: "Informe a data e a hora do retorno.",
  dataHoraInvalida: "Data ou hora inválida.",
  dataNoPassado: "Escolha uma data e hora que ainda não passaram.",
  tituloObrigatorio: "Informe o título da tarefa.",
  tituloLongo: "O título pode ter no máximo 200 caracteres.",
  notaLonga: "A observação pode ter no máximo 2000 caracteres.",
  retornoObrigatorio: "Para agendar o retorno, informe a data e a hora.",
  jaFechada: "Este retorno já foi concluído ou cancelado.",
  /** /api/v1 names the owner (a key is no person, decision 1921) */
  responsavelInvalido: "Escolha como responsável um consultor ou administrador ativo desta empresa.",
  lembreteTitulo: "Hora do retorno",
  lembreteConteudo: (lead: string, titulo: string) => `${titulo}: ${lead}`,
  semRetornos: "Nenhum retorno agendado.",
  semAtrasados: "Nenhum retorno atrasado.",
  erroCarregar: "Não foi possível carregar os retornos.",
  erroSalvar: "Não foi possível salvar o retorno. Tente novamente.",
  erroFechar: "Não foi possível atualizar o retorno. Tente novamente.",
  retornoAgendado: "Retorno agendado.",
  tarefaCriada: "Tarefa criada.",
  concluida: "Retorno concluído.",
  cancelada: "Retorno cancelado.",
  carregando: "Carregando retornos...",
  horaDoRetorno: (lead: string) => `Hora do retorno: ${lead}`,
} as const;
