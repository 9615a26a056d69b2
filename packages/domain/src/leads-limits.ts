import { MSG } from "./messages";
import { PLANO_INFO, type TPlano } from "./plans";

/**
 * New leads per month of a plan (001 §9: Básico 100, Premium 500, Enterprise unlimited), counted over the
 * calendar month in São Paulo, whatever the lead's origin. Why `novos` more leads do not fit, or null when they do.
 */
export function motivoLimiteLeads(plano: TPlano, usadosNoMes: number, novos: number): string | null {
  const limite = PLANO_INFO[plano].maxLeadsMes;
  if (limite === null || usadosNoMes + novos <= limite) return null;
  return MSG.limiteLeadsPlano(plano, limite, usadosNoMes, novos);
}
