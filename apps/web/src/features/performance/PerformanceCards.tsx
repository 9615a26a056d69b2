import { variacaoPercentual } from "@crm/domain/formulas";
import { formatarTempoResposta, tendenciaMenorMelhor } from "@crm/domain/performance";
import type { TDesempenho } from "@crm/domain/schemas/performance";
import { CircleCheckBig, Clock, Headset, Percent, UserCheck } from "lucide-react";
import { cn } from "../../lib/cn";
import { StatCard } from "../../ui/StatCard";

/** '+12,5% vs período anterior' (000 §9), green when it is good news, red when bad, grey when there is no base. */
function Variacao({ atual, anterior, menorMelhor }: { atual: number | null; anterior: number | null; menorMelhor?: boolean }) {
  if (atual === null || anterior === null) return <span className="text-slate-500">N/A vs período anterior</span>;
  const texto = variacaoPercentual(atual, anterior);
  const bom = menorMelhor ? tendenciaMenorMelhor(atual, anterior) : atual === anterior ? null : atual > anterior;
  const cor = texto === "N/A" || bom === null || atual === anterior ? "text-slate-600" : bom ? "text-green-700" : "text-red-700";
  return <span className={cn("font-medium", cor)}>{texto} vs período anterior</span>;
}

/** The consultant's five figures with their change against the previous period. */
export function PerformanceCards({ d }: { d: TDesempenho }) {
  const { atual: a, anterior: p } = d;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
      <StatCard
        titulo="Leads Atribuídos"
        valor={a.atribuidos}
        icone={UserCheck}
        rodape={<Variacao atual={a.atribuidos} anterior={p.atribuidos} />}
      />
      <StatCard
        titulo="Em Atendimento"
        valor={a.emAtendimento}
        icone={Headset}
        rodape={<Variacao atual={a.emAtendimento} anterior={p.emAtendimento} />}
      />
      <StatCard
        titulo="Convertidos"
        valor={a.convertidos}
        icone={CircleCheckBig}
        rodape={<Variacao atual={a.convertidos} anterior={p.convertidos} />}
      />
      <StatCard
        titulo="Taxa de Conversão"
        valor={`${a.taxaConversao}%`}
        icone={Percent}
        rodape={<Variacao atual={a.taxaConversao} anterior={p.taxaConversao} />}
      />
      <StatCard
        titulo="Tempo até 1ª Resposta"
        valor={formatarTempoResposta(a.tempoPrimeiraRespostaSeg)}
        icone={Clock}
        rodape={
          <>
            <Variacao atual={a.tempoPrimeiraRespostaSeg} anterior={p.tempoPrimeiraRespostaSeg} menorMelhor />
            <span className="block text-slate-500">média de {a.respondidos} lead(s) respondido(s)</span>
          </>
        }
      />
    </div>
  );
}
