import { TEXTO_DASHBOARD } from "@crm/domain/dashboard";
import { FIGURAS_LEAD } from "@crm/domain/lead-figures";
import { formatarTempoResposta } from "@crm/domain/performance";
import { contar } from "@crm/domain/plural";
import type { TDesempenho } from "@crm/domain/schemas/performance";
import { CircleCheckBig, Clock, Headset, Percent, UserCheck } from "lucide-react";
import { PeriodChange } from "../../ui/PeriodChange";
import { StatCard } from "../../ui/StatCard";

/** The consultant's five figures with their change against the previous period. */
export function PerformanceCards({ d }: { d: TDesempenho }) {
  const { atual: a, anterior: p } = d;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
      <StatCard
        titulo="Leads Atribuídos"
        valor={a.atribuidos}
        icone={UserCheck}
        rodape={<PeriodChange atual={a.atribuidos} anterior={p.atribuidos} />}
      />
      <StatCard
        titulo={FIGURAS_LEAD.emAtendimentoAgora.rotulo}
        valor={a.emAtendimento}
        icone={Headset}
        rodape={<PeriodChange atual={a.emAtendimento} anterior={p.emAtendimento} />}
      />
      <StatCard
        titulo={FIGURAS_LEAD.convertidosNoPeriodo.rotulo}
        valor={a.convertidos}
        icone={CircleCheckBig}
        rodape={<PeriodChange atual={a.convertidos} anterior={p.convertidos} />}
      />
      <StatCard
        titulo="Taxa de Conversão"
        valor={`${a.taxaConversao}%`}
        icone={Percent}
        rodape={
          <>
            <PeriodChange atual={a.taxaConversao} anterior={p.taxaConversao} />
            {/* the company dashboard divides by qualified leads (000 §9); every lead handed to a consultant is one */}
            <span className="block text-slate-500">{TEXTO_DASHBOARD.taxaConsultor}</span>
          </>
        }
      />
      <StatCard
        titulo="Tempo até 1ª Resposta"
        valor={formatarTempoResposta(a.tempoPrimeiraRespostaSeg)}
        icone={Clock}
        rodape={
          <>
            <PeriodChange atual={a.tempoPrimeiraRespostaSeg} anterior={p.tempoPrimeiraRespostaSeg} menorMelhor />
            <span className="block text-slate-500">média de {contar(a.respondidos, "lead respondido", "leads respondidos")}</span>
          </>
        }
      />
    </div>
  );
}
