import { formatarBRL, formatarInteiro } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { contar } from "@crm/domain/plural";
import type { TIndicadoresPlataforma } from "@crm/domain/schemas/platform";
import { useQuery } from "@tanstack/react-query";
import { Building2, DollarSign, Percent, TrendingUp, Users } from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useDebounce } from "../../lib/useDebounce";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Spinner } from "../../ui/Spinner";
import { StatCard } from "../../ui/StatCard";
import { indicadoresQuery, type TPeriodoTela } from "./api";

// recharts only in its own chunk, loaded when the figures arrive
const PlatformCharts = lazy(() => import("./PlatformCharts"));

const diaBR = (iso: string) => iso.split("-").reverse().join("/");

/**
 * The platform's figures for a From/To period (000 §2.10): date inputs (300 ms debounce), a loading indicator, the
 * cards, the growth line and the plan pie; `children` renders more of the same figures (the /analytics table), whose
 * per-company rows are asked for only then.
 */
export function PlatformFigures({
  titulo,
  descricao,
  children,
}: {
  titulo: string;
  descricao: string;
  children?: (d: TIndicadoresPlataforma) => ReactNode;
}) {
  const [periodo, setPeriodo] = useState<TPeriodoTela>({ de: "", ate: "" });
  const atraso = useDebounce(periodo, 300);
  const invertido = !!atraso.de && !!atraso.ate && atraso.de > atraso.ate;
  const q = useQuery({ ...indicadoresQuery(atraso, !!children), enabled: !invertido });
  const d = q.data;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{titulo}</h1>
          <p className="mt-1 text-sm text-slate-600">{descricao}</p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <Field label="De" className="w-40" erro={invertido ? MSG.periodoDeDepoisDoAte : undefined}>
            <Input
              type="date"
              value={periodo.de || d?.periodo.de || ""}
              onChange={(e) => setPeriodo((p) => ({ ...p, de: e.target.value }))}
            />
          </Field>
          <Field label="Até" className="w-40">
            <Input
              type="date"
              value={periodo.ate || d?.periodo.ate || ""}
              onChange={(e) => setPeriodo((p) => ({ ...p, ate: e.target.value }))}
            />
          </Field>
          <div className="flex h-10 w-6 items-center" aria-live="polite">
            {q.isFetching && <Spinner rotulo={MSG.carregando} className="size-5 text-blue-700" />}
          </div>
        </div>
      </div>

      {q.isPending && !invertido ? (
        <div className="flex justify-center py-16">
          <Spinner rotulo="Carregando indicadores" className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <Card>
          <EmptyState titulo={MSG.erroCarregarIndicadores} acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>} />
        </Card>
      ) : d ? (
        <div className="space-y-6" aria-busy={q.isFetching}>
          <p className="text-sm text-slate-600">
            Período: {diaBR(d.periodo.de)} a {diaBR(d.periodo.ate)}
          </p>
          <Cartoes d={d} />
          <Suspense
            fallback={
              <div className="flex justify-center py-10">
                <Spinner rotulo="Carregando gráficos" className="size-6 text-blue-700" />
              </div>
            }
          >
            <PlatformCharts d={d} />
          </Suspense>
          {children?.(d)}
        </div>
      ) : null}
    </div>
  );
}

function Cartoes({ d }: { d: TIndicadoresPlataforma }) {
  const c = d.cartoes;
  return (
    <section aria-label="Indicadores da plataforma" className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-3">
      <StatCard
        titulo="Empresas"
        valor={formatarInteiro(c.empresas)}
        icone={Building2}
        rodape={`${contar(c.ativas, "ativa", "ativas")} · ${contar(c.suspensas, "suspensa", "suspensas")} · ${formatarInteiro(c.emTeste)} em teste`}
      />
      <StatCard titulo="Usuários" valor={formatarInteiro(c.usuarios)} icone={Users} rodape="Usuários ativos das empresas" />
      <StatCard
        titulo="Leads Processados"
        valor={formatarInteiro(c.leads)}
        icone={TrendingUp}
        rodape={`${contar(c.qualificados, "qualificado", "qualificados")} no período · ${contar(c.convertidos, "convertido", "convertidos")} no período`}
      />
      <StatCard
        titulo="Taxa de Conversão"
        valor={`${c.taxaConversao}%`}
        icone={Percent}
        rodape="Convertidos ÷ qualificados no período"
      />
      <StatCard titulo="MRR" valor={formatarBRL(c.mrr)} icone={DollarSign} rodape="Receita mensal recorrente hoje" />
      <StatCard titulo="ARR" valor={formatarBRL(c.arr)} icone={DollarSign} rodape="Receita anual recorrente (MRR × 12)" />
    </section>
  );
}
