import { STATUS_LEAD, type TStatusLead } from "../status";
import { FAIXAS_RAZAO, ROTULO_FAIXA, type TFaixaRazao } from "./bands";

/**
 * The statuses that have left the pipeline (docs/decisions/1404-recoverable-value.md): converted (the case is
 * sold), lost, disqualified, not interested. Every other status is an open lead whose review may still be sold.
 * Migration 0030's financas_pipeline_aberto() mirrors this list (compared by a test).
 */
export const STATUS_FORA_DO_PIPELINE: readonly TStatusLead[] = [
  "Convertido",
  "Convertido (Ganho)",
  "Perdido",
  "Desqualificado / Perdido",
  "Não Interessado",
];

export const STATUS_PIPELINE_ABERTO: readonly TStatusLead[] = STATUS_LEAD.filter((s) => !STATUS_FORA_DO_PIPELINE.includes(s));

export const pipelineAberto = (s: string | null): boolean => s === null || !(STATUS_FORA_DO_PIPELINE as string[]).includes(s);

/** A band of the summary: FAIXAS_RAZAO, or 'sem_faixa' when the reference rate was 0 (no ratio). */
export type TFaixaRecuperavel = TFaixaRazao | "sem_faixa";

export const ROTULO_FAIXA_RECUPERAVEL: Record<TFaixaRecuperavel, string> = { ...ROTULO_FAIXA, sem_faixa: "Sem razão calculada" };

/**
 * Overpaid so far from the cached overpayment over the term (excess per installment × term, decision 1401):
 * excess × min(paid, term), 0 when the installments paid are not known. Integer cents, as SQL computes it.
 */
export function sobrepagoAteAgora(totalCentavos: number | null, prazo: number | null, pagas: number | null): number {
  if (totalCentavos === null || prazo === null || prazo <= 0 || pagas === null) return 0;
  return Math.trunc(totalCentavos / prazo) * Math.min(pagas, prazo);
}

export type TLinhaRecuperavel = { faixa: string; leads: number; totalCentavos: number; ateAgoraCentavos: number };

/** The card's figures: the sums and one row per band with leads, in the bands' order (highest ratio first). */
export function resumirRecuperavel(linhas: TLinhaRecuperavel[]) {
  const ordem = [...FAIXAS_RAZAO].reverse() as string[];
  const posicao = (f: string) => (ordem.includes(f) ? ordem.indexOf(f) : ordem.length);
  const porFaixa = linhas
    .filter((l) => l.leads > 0)
    .sort((a, b) => posicao(a.faixa) - posicao(b.faixa))
    .map((l) => ({
      faixa: l.faixa,
      rotulo: ROTULO_FAIXA_RECUPERAVEL[l.faixa as TFaixaRecuperavel] ?? l.faixa,
      leads: l.leads,
      total: l.totalCentavos / 100,
      ateAgora: l.ateAgoraCentavos / 100,
    }));
  const soma = (k: "leads" | "totalCentavos" | "ateAgoraCentavos") => linhas.reduce((s, l) => s + l[k], 0);
  return {
    leads: soma("leads"),
    total: soma("totalCentavos") / 100,
    ateAgora: soma("ateAgoraCentavos") / 100,
    porFaixa,
  };
}
