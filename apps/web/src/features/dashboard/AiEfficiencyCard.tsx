import type { TEficienciaIa } from "@crm/domain/schemas/screening";
import { formatarPercentual } from "@crm/domain/screening";
import { useQuery } from "@tanstack/react-query";
import { Gauge } from "lucide-react";
import { api } from "../../lib/api";
import { StatCard } from "../../ui/StatCard";

/**
 * The company dashboard's 'Eficiência IA' card (000 §2.10): a real figure over the last 30 days, defined in
 * docs/decisions/0602-ai-rates-and-efficiency.md, with the change against the previous 30 days (000 §9).
 */
export function AiEfficiencyCard() {
  const q = useQuery({
    queryKey: ["dashboard", "eficiencia-ia"],
    queryFn: ({ signal }) => api<TEficienciaIa>("/api/ia-triagem/eficiencia?periodo=last30days", { signal }),
  });
  return (
    <StatCard
      titulo="Eficiência IA"
      icone={Gauge}
      valor={q.isPending ? "…" : formatarPercentual(q.data?.valor ?? null)}
      rodape={
        q.data ? `${q.data.variacao} vs. 30 dias anteriores · decisões automáticas mantidas entre as triagens concluídas` : null
      }
    />
  );
}
