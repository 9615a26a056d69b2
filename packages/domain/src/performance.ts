import type { TStatusLead } from "./status";

/**
 * A consultant's figures (000 §2.10 'Meu Dashboard', /desempenho), defined in docs/decisions/0503-consultant-performance.md.
 * The statuses of the My Leads board's 'Em Atendimento' column (001 §2): contact, attendance, negotiation, proposal,
 * documents, follow-up.
 */
export const STATUS_EM_ATENDIMENTO: readonly TStatusLead[] = [
  "Em Contato / Primeiro Contato",
  "Em Atendimento",
  "Em Negociação",
  "Proposta Enviada",
  "Aguardando Documentação",
  "Em Acompanhamento",
];

/** '—' when nothing was answered; otherwise seconds, minutes, or hours and minutes, or days and hours. */
export function formatarTempoResposta(segundos: number | null | undefined): string {
  if (segundos === null || segundos === undefined || !Number.isFinite(segundos)) return "—";
  const s = Math.max(0, Math.round(segundos));
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) {
    const resto = min % 60;
    return resto ? `${h} h ${resto} min` : `${h} h`;
  }
  const d = Math.floor(h / 24);
  const horas = h % 24;
  return horas ? `${d} d ${horas} h` : `${d} d`;
}

/**
 * Change of a time figure where less is better: the same number as variacaoPercentual, but a drop is good news.
 * 'melhor' is null when there is nothing to compare.
 */
export function tendenciaMenorMelhor(atual: number | null, anterior: number | null): boolean | null {
  if (atual === null || anterior === null || anterior === 0) return null;
  return atual <= anterior;
}
