import { variacaoPercentual } from "@crm/domain/formulas";
import { tendenciaMenorMelhor } from "@crm/domain/performance";
import { cn } from "../lib/cn";

type Props = { atual: number | null; anterior: number | null; menorMelhor?: boolean };

/**
 * '+12,5% vs período anterior' (000 §9), green when it is good news, red when bad, grey when there is no base.
 * Dashboards' cards show it under their figure.
 */
export function PeriodChange({ atual, anterior, menorMelhor }: Props) {
  if (atual === null || anterior === null) return <span className="text-slate-500">N/A vs período anterior</span>;
  const texto = variacaoPercentual(atual, anterior);
  const bom = menorMelhor ? tendenciaMenorMelhor(atual, anterior) : atual === anterior ? null : atual > anterior;
  const cor = texto === "N/A" || bom === null || atual === anterior ? "text-slate-600" : bom ? "text-green-700" : "text-red-700";
  return <span className={cn("font-medium", cor)}>{texto} vs período anterior</span>;
}
