import { TEXTO_DASHBOARD } from "@crm/domain/dashboard";
import { formatarData, formatarInteiro } from "@crm/domain/format";
import { intervaloDoPeriodo, periodoAnterior } from "@crm/domain/period";
import type { TDashboardEmpresa } from "@crm/domain/schemas/dashboard";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useMemo, useRef, useState } from "react";
import { useSessaoAtual } from "../../lib/session";
import { useInView } from "../../lib/useInView";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { PeriodSelector, SELECAO_PERIODO_PADRAO, type TSelecaoPeriodo } from "../../ui/PeriodSelector";
import { Spinner } from "../../ui/Spinner";
import { dashboardEmpresaQuery } from "./api";
import { CompanyCards } from "./CompanyCards";
import { useDashboardRealtime } from "./useDashboardRealtime";

// recharts is the heaviest thing on the screen: its chunk loads after the cards, and only when the charts come near
// the viewport (below the eight cards on a phone: not part of the first screen there)
const CompanyCharts = lazy(() => import("./CompanyCharts"));
// the last card (below the fold on a phone) comes in its own small chunk: /dashboard's JS before the charts stays
// under its 150 KB gzip goal (bench/login-bundle.ts)
const CompanyActivities = lazy(() => import("./CompanyActivities").then((m) => ({ default: m.CompanyActivities })));
// below the figures, with the business-hours rules it formats (decision 1504: /dashboard's first paint ≤ 150 KB gzip)
const ResponseTimesCard = lazy(() => import("./ResponseTimesCard").then((m) => ({ default: m.ResponseTimesCard })));

const fimInclusivo = (fim: string | Date) => new Date(new Date(fim).getTime() - 1);

function Carregando({ rotulo = TEXTO_DASHBOARD.carregando }: { rotulo?: string }) {
  return (
    <div className="flex justify-center py-12">
      <Spinner rotulo={rotulo} className="size-6 text-blue-700" />
    </div>
  );
}

/** The Admin Empresa dashboard (000 §2.10): real figures of the company, live. */
export function CompanyDashboard() {
  const [periodo, setPeriodo] = useState<TSelecaoPeriodo>(SELECAO_PERIODO_PADRAO);
  const q = useQuery(dashboardEmpresaQuery(periodo));
  useDashboardRealtime();
  const d = q.data;
  // the header's lines come before the figures (the company from the session, the dates computed here as the server
  // does): the page's largest text paints with its frame instead of after the data, and nothing moves when it comes
  const { empresa: daSessao } = useSessaoAtual();
  const empresa = d?.empresa ?? (daSessao && { nome: daSessao.nome_empresa, plano: daSessao.plano_assinatura });
  const local = useMemo(() => {
    const atual = intervaloDoPeriodo(periodo.periodo, new Date(), periodo);
    return atual && { intervalo: atual, intervaloAnterior: periodoAnterior(atual) };
  }, [periodo]);
  const datas = d ?? local;
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
          {empresa && (
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <span className="font-medium">{empresa.nome}</span>
              <Badge variante="roxo">Plano {empresa.plano}</Badge>
            </p>
          )}
        </div>
        <PeriodSelector value={periodo} onChange={setPeriodo} />
      </div>
      {datas && (
        <p className="text-sm text-slate-600" aria-live="polite">
          {formatarData(datas.intervalo.inicio)} a {formatarData(fimInclusivo(datas.intervalo.fim))}, comparado com{" "}
          {formatarData(datas.intervaloAnterior.inicio)} a {formatarData(fimInclusivo(datas.intervaloAnterior.fim))}
        </p>
      )}
      {q.isPending ? (
        <Carregando />
      ) : q.isError ? (
        <Card>
          <EmptyState
            titulo={TEXTO_DASHBOARD.erro}
            acao={<Button onClick={() => q.refetch()}>{TEXTO_DASHBOARD.tentarNovamente}</Button>}
          />
        </Card>
      ) : (
        <section className="space-y-6" aria-busy={q.isFetching} aria-label="Indicadores do período">
          <CompanyCards d={q.data} />
          <GraficosQuandoVisiveis d={q.data} />
          <div className="grid min-w-0 gap-4 lg:grid-cols-2">
            <Card className="min-w-0">
              <CardHeader>
                <CardTitle>Estatísticas de Leads</CardTitle>
              </CardHeader>
              <CardContent>
                <dl className="grid grid-cols-3 gap-3 text-center">
                  <div>
                    <dt className="text-sm text-slate-600">Total</dt>
                    <dd className="text-xl font-bold text-slate-900 tabular-nums">
                      {formatarInteiro(q.data.estatisticas.total)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-sm text-slate-600">Este mês</dt>
                    <dd className="text-xl font-bold text-slate-900 tabular-nums">
                      {formatarInteiro(q.data.estatisticas.esteMes)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-sm text-slate-600">Conversão</dt>
                    <dd className="text-xl font-bold text-slate-900 tabular-nums">{q.data.estatisticas.taxaConversao}%</dd>
                  </div>
                </dl>
                <p className="mt-3 text-xs text-slate-600">Todos os leads da empresa; conversão = convertidos ÷ qualificados.</p>
              </CardContent>
            </Card>
            <Suspense fallback={<Carregando rotulo={TEXTO_DASHBOARD.carregando} />}>
              <CompanyActivities />
            </Suspense>
            <Suspense fallback={<Carregando rotulo="Carregando tempos de resposta" />}>
              <ResponseTimesCard periodo={periodo} />
            </Suspense>
          </div>
        </section>
      )}
    </div>
  );
}

function GraficosQuandoVisiveis({ d }: { d: TDashboardEmpresa }) {
  const ref = useRef<HTMLDivElement>(null);
  const visivel = useInView(ref);
  // until the charts come near the viewport nothing is loading: an empty space holds their place
  return (
    <div ref={ref}>
      {visivel ? (
        <Suspense fallback={<Carregando rotulo="Carregando gráficos" />}>
          <CompanyCharts d={d} />
        </Suspense>
      ) : (
        <div className="h-72" aria-hidden="true" />
      )}
    </div>
  );
}
