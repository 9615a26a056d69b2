import type { TPainelTriagem } from "@crm/domain/schemas/screening";
import { formatarPercentual } from "@crm/domain/screening";
import { Bot, CircleCheck, CircleX, Clock, Gauge, Inbox, UserSearch } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { StatCard } from "../../ui/StatCard";

function Taxa({ rotulo, valor, definicao }: { rotulo: string; valor: number; definicao: string }) {
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-800">{rotulo}</span>
        <span className="font-semibold tabular-nums text-slate-900">{formatarPercentual(valor)}</span>
      </div>
      <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
        <div className="h-2 rounded-full bg-blue-700" style={{ width: `${Math.min(100, valor)}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600">{definicao}</p>
    </div>
  );
}

/** Counters of the period's leads and the rates of 001 §9, each with its definition. */
export function ScreeningStats({ p }: { p: TPainelTriagem }) {
  const c = p.contagens;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard titulo="Leads no período" valor={c.total} icone={Inbox} />
        <StatCard titulo="Processados pela IA" valor={c.processados} icone={Bot} />
        <StatCard
          titulo="Aprovados"
          valor={c.aprovados}
          icone={CircleCheck}
          rodape="Qualificados, em atendimento ou convertidos"
        />
        <StatCard titulo="Rejeitados" valor={c.rejeitados} icone={CircleX} rodape="Perdidos após a triagem" />
        <StatCard titulo="Pendentes" valor={c.pendentes} icone={Clock} rodape="Novos ou em triagem" />
        <StatCard titulo="Análise manual" valor={c.analiseManual} icone={UserSearch} rodape="Requer Análise Manual IA" />
        <StatCard
          titulo="Eficiência IA"
          valor={formatarPercentual(p.eficiencia)}
          icone={Gauge}
          rodape="Decisões automáticas mantidas entre as triagens concluídas"
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Desempenho da triagem</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5 md:grid-cols-3">
          <Taxa rotulo="Taxa de processamento" valor={p.taxas.processamento} definicao="Processados ÷ leads do período" />
          <Taxa rotulo="Taxa de aprovação" valor={p.taxas.aprovacao} definicao="Aprovados ÷ processados" />
          <Taxa rotulo="Taxa de rejeição" valor={p.taxas.rejeicao} definicao="Rejeitados ÷ processados" />
        </CardContent>
      </Card>
    </div>
  );
}
