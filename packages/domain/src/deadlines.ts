import { contar } from "./plural";
import type { TStatusJuridico } from "./status";

/**
 * Deadlines (prazos) and tasks of legal processes (decision 1106). Days are São Paulo calendar days
 * written 'YYYY-MM-DD'; working days skip Saturdays, Sundays and the holidays a predicate names (the server feeds it
 * Brazil's national holidays), so this module stays pure and testable.
 */

export const ESTADOS_PRAZO = ["pendente", "concluido", "cancelado"] as const;
export type TEstadoPrazo = (typeof ESTADOS_PRAZO)[number];
export const ROTULO_ESTADO_PRAZO: Record<TEstadoPrazo, string> = {
  pendente: "Pendente",
  concluido: "Concluído",
  cancelado: "Cancelado",
};

/** Is this day a holiday? ('YYYY-MM-DD') */
export type TEhFeriado = (dia: string) => boolean;
export const semFeriados: TEhFeriado = () => false;

const DIA_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written 'YYYY-MM-DD' (no 2026-02-30). */
export function diaValido(dia: string): boolean {
  if (!DIA_RE.test(dia)) return false;
  const d = new Date(`${dia}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === dia;
}

/** The day `n` calendar days after `dia` (negative: before). */
export function somarDias(dia: string, n: number): string {
  const d = new Date(`${dia}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Saturday or Sunday. */
export function ehFimDeSemana(dia: string): boolean {
  const w = new Date(`${dia}T00:00:00Z`).getUTCDay();
  return w === 0 || w === 6;
}

export function ehDiaUtil(dia: string, ehFeriado: TEhFeriado): boolean {
  return !ehFimDeSemana(dia) && !ehFeriado(dia);
}

/**
 * The day `n` working days after `dia` (n < 0: before). Counting starts from the next (or previous) day, so the
 * result is always a working day other than `dia`; n = 0 gives `dia` itself when it is a working day, else the next.
 */
export function somarDiasUteis(dia: string, n: number, ehFeriado: TEhFeriado): string {
  let d = dia;
  if (n === 0) {
    while (!ehDiaUtil(d, ehFeriado)) d = somarDias(d, 1);
    return d;
  }
  const passo = n > 0 ? 1 : -1;
  let faltam = Math.abs(n);
  // 10 years of days without one working day means the predicate is broken: stop rather than loop forever
  for (let guarda = 0; faltam > 0 && guarda < 3660; guarda++) {
    d = somarDias(d, passo);
    if (ehDiaUtil(d, ehFeriado)) faltam--;
  }
  return d;
}

/** The default safety date: one working day before the fatal date (decision 1106). */
export function dataSegurancaPadrao(dataFatal: string, ehFeriado: TEhFeriado): string {
  return somarDiasUteis(dataFatal, -1, ehFeriado);
}

/** Urgency of an open deadline against today (São Paulo): overdue, due today, in the next 6 days, later. */
export const URGENCIAS = ["vencido", "hoje", "semana", "depois"] as const;
export type TUrgencia = (typeof URGENCIAS)[number];
export const ROTULO_URGENCIA: Record<TUrgencia, string> = {
  vencido: "Vencido",
  hoje: "Vence hoje",
  semana: "Esta semana",
  depois: "No prazo",
};
/** 'Esta semana' covers the fatal dates from tomorrow up to 6 days ahead: a rolling week, never an empty Sunday one. */
export const DIAS_ESTA_SEMANA = 6;

export function urgenciaDoPrazo(dataFatal: string, hoje: string): TUrgencia {
  if (dataFatal < hoje) return "vencido";
  if (dataFatal === hoje) return "hoje";
  if (dataFatal <= somarDias(hoje, DIAS_ESTA_SEMANA)) return "semana";
  return "depois";
}

/** One task of a legal status's chain: created when a process enters the status, due in `dias_uteis` working days. */
export type TTarefaPadrao = { status_juridico: TStatusJuridico; titulo: string; dias_uteis: number };

/** The chains every company starts with (editable by its Admin Empresa on /prazos/modelos). */
export const CADEIAS_PADRAO: TTarefaPadrao[] = [
  { status_juridico: "Aguardando Contato Jurídico", titulo: "Fazer o primeiro contato com o cliente", dias_uteis: 1 },
  { status_juridico: "Em Contato Jurídico", titulo: "Solicitar os documentos do contrato", dias_uteis: 2 },
  { status_juridico: "Documentação Solicitada", titulo: "Cobrar documentos", dias_uteis: 5 },
  { status_juridico: "Laudo em Andamento", titulo: "Concluir o laudo revisional", dias_uteis: 10 },
  { status_juridico: "Jurídico Pendente", titulo: "Resolver a pendência do processo", dias_uteis: 3 },
];

/** The client notice's default text: {nome} and {status} are replaced. */
export function textoAvisoCliente(modelo: string, nome: string, status: string): string {
  return modelo.replaceAll("{nome}", nome).replaceAll("{status}", status);
}

/** pt-BR texts of deadlines (kept here, beside their rules, like the other domain modules' own words). */
export const MSG_PRAZOS = {
  tituloObrigatorio: "Título é obrigatório",
  tituloLongo: "Título com mais de 200 caracteres",
  descricaoLonga: "Descrição com mais de 2000 caracteres",
  dataFatalObrigatoria: "Data fatal é obrigatória",
  dataInvalida: "Data inválida. Use o formato dd/mm/aaaa.",
  segurancaDepoisDaFatal: "A data de segurança não pode ser depois da data fatal",
  responsavelInvalido: "Responsável inválido: escolha um usuário jurídico ou administrador da empresa",
  estadoInvalido: "Situação inválida: use pendente, concluido ou cancelado",
  prazoNaoEncontrado: "Prazo não encontrado.",
  processoNaoEncontrado: "Processo não encontrado.",
  modeloNaoEncontrado: "Tarefa do modelo não encontrada.",
  diasUteisInvalidos: "Dias úteis devem ser um número inteiro de 0 a 365",
  prazoCriado: "Prazo adicionado.",
  prazoSalvo: "Prazo salvo.",
  prazoConcluido: "Prazo concluído.",
  prazoReaberto: "Prazo reaberto.",
  prazoExcluido: "Prazo excluído.",
  prazoCancelado: "Prazo cancelado.",
  confirmarExcluirPrazo: "Tem certeza que deseja excluir este prazo?",
  confirmarCancelarPrazo:
    "Tem certeza que deseja cancelar este prazo? Ele fica no histórico do processo como 'Cancelado' e pode ser reaberto.",
  erroSalvarPrazo: "Erro ao salvar o prazo. Tente novamente.",
  erroCarregarPrazos: "Erro ao carregar os prazos. Tente novamente.",
  nenhumPrazo: "Nenhum prazo cadastrado",
  nenhumPrazoEncontrado: "Nenhum prazo encontrado",
  carregandoPrazos: "Carregando prazos...",
  semProximoPrazoTitulo: "Processos sem próximo prazo",
  semProximoPrazoVazio: "Todos os processos abertos têm um próximo prazo.",
  semProximoPrazoAlerta: (n: number) => `${contar(n, "processo aberto está", "processos abertos estão")} sem próximo prazo`,
  semProximoPrazoDescricao: "Processos em andamento sem nenhum prazo pendente: cadastre o próximo em 'Prazos' no processo.",
  modeloSalvo: "Tarefa do modelo salva.",
  modeloExcluido: "Tarefa do modelo excluída.",
  confirmarExcluirModelo: "Tem certeza que deseja excluir esta tarefa do modelo?",
  nenhumModelo: "Nenhuma tarefa neste status",
  apenasAdminModelos: "Acesso Negado - Apenas administradores da empresa podem editar os modelos de prazos.",
  acessoNegadoPrazos: "Acesso Negado - Apenas o jurídico e os administradores da empresa acessam os prazos.",
  prazoAtribuidoTitulo: "Novo prazo atribuído a você",
  prazoAtribuidoConteudo: (titulo: string, lead: string, fatal: string) => `${titulo} · ${lead} · data fatal ${fatal}`,
  prazoSegurancaTitulo: "Data de segurança de um prazo chegou",
  prazoSegurancaConteudo: (titulo: string, lead: string, fatal: string) => `${titulo} · ${lead} · data fatal ${fatal}`,
  avisoClienteAtivado: "O cliente será avisado por WhatsApp das mudanças de status jurídico.",
  avisoClienteDesativado: "O cliente não será avisado das mudanças de status jurídico.",
  avisoClienteModeloPadrao:
    "Olá, {nome}! Seu processo de revisão de contrato mudou de etapa: {status}. Qualquer dúvida, responda esta mensagem.",
  avisoNaoEnviadoSemTelefone: "Não enviado: o lead não tem telefone.",
  avisoNaoEnviadoWhatsApp: "Não enviado: o WhatsApp da empresa não está configurado ou conectado.",
  avisoNaoEnviadoJanela:
    "Não enviado: fora da janela de 24 horas e sem um template aprovado da API oficial com o nome do modelo.",
  avisoEnfileirado: "Enviado para a fila de mensagens do WhatsApp.",
} as const;
