/** Conversion rate (000 §9): converted / qualified, rounded percent; 0 when nobody qualified. */
export function taxaConversao(convertidos: number, qualificados: number): number {
  return qualificados > 0 ? Math.round((convertidos / qualificados) * 100) : 0;
}

/**
 * Change versus the previous period (000 §9, 001 §9): one decimal with sign;
 * when the previous value is 0, '+100%' if there is something now, else 'N/A'.
 */
export function variacaoPercentual(atual: number, anterior: number): string {
  if (anterior === 0) return atual > 0 ? "+100%" : "N/A";
  const v = ((atual - anterior) / anterior) * 100;
  const txt = v.toFixed(1).replace(".", ",");
  return `${v > 0 ? "+" : ""}${txt}%`;
}
