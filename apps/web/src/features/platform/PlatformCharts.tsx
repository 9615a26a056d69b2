import { formatarInteiro } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import type { TIndicadoresPlataforma } from "@crm/domain/schemas/platform";
import {
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { ChartDataTable } from "../../ui/ChartDataTable";
import { EmptyState } from "../../ui/EmptyState";

const COR_PLANO = { Básico: "#64748b", Premium: "#2563eb", Enterprise: "#7c3aed" } as const;

/**
 * The growth line and the plan pie of the platform figures, in their own chunk (recharts is loaded only here). Each
 * chart is drawn for the eye and hidden from screen readers, which read the same figures in a table.
 */
export default function PlatformCharts({ d }: { d: TIndicadoresPlataforma }) {
  const semCrescimento = d.crescimento.every((m) => m.total === 0);
  const planos = d.planos.filter((p) => p.empresas > 0);
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-5">
      <Card className="min-w-0 lg:col-span-3">
        <CardHeader>
          <CardTitle>Crescimento de Empresas</CardTitle>
          <p className="text-sm text-slate-600">Empresas por mês de adesão e total acumulado</p>
        </CardHeader>
        <CardContent>
          {semCrescimento ? (
            <EmptyState titulo={MSG.semDadosGrafico} />
          ) : (
            <div className="h-72 w-full" aria-hidden="true" data-testid="grafico-crescimento">
              <ResponsiveContainer width="100%" height="100%">
                <LineChart accessibilityLayer={false} data={d.crescimento} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis dataKey="rotulo" tick={{ fontSize: 12, fill: "#475569" }} />
                  <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: "#475569" }} />
                  <Tooltip />
                  <Legend />
                  <Line dataKey="total" name="Total de empresas" stroke="#2563eb" strokeWidth={2} isAnimationActive={false} />
                  <Line dataKey="novas" name="Novas no mês" stroke="#16a34a" strokeWidth={2} isAnimationActive={false} />
                </LineChart>
              </ResponsiveContainer>
            </div>
          )}
          <ChartDataTable
            legenda="Crescimento de empresas por mês"
            colunas={["Mês", "Novas no mês", "Total de empresas"]}
            linhas={d.crescimento.map((m) => ({ chave: m.mes, rotulo: m.rotulo, valores: [m.novas, m.total] }))}
          />
        </CardContent>
      </Card>
      <Card className="min-w-0 lg:col-span-2">
        <CardHeader>
          <CardTitle>Distribuição por Plano</CardTitle>
          <p className="text-sm text-slate-600">Empresas de cada plano</p>
        </CardHeader>
        <CardContent>
          {planos.length === 0 ? (
            <EmptyState titulo={MSG.semDadosGrafico} />
          ) : (
            <div className="h-56 w-full" aria-hidden="true" data-testid="grafico-planos">
              <ResponsiveContainer width="100%" height="100%">
                <PieChart accessibilityLayer={false}>
                  <Pie
                    data={planos}
                    dataKey="empresas"
                    nameKey="plano"
                    innerRadius="45%"
                    outerRadius="80%"
                    rootTabIndex={-1}
                    isAnimationActive={false}
                  >
                    {planos.map((p) => (
                      <Cell key={p.plano} fill={COR_PLANO[p.plano]} />
                    ))}
                  </Pie>
                  <Tooltip />
                </PieChart>
              </ResponsiveContainer>
            </div>
          )}
          <ul className="mt-3 space-y-1 text-sm" aria-label="Empresas por plano">
            {d.planos.map((p) => (
              <li key={p.plano} className="flex items-center justify-between gap-3">
                <span className="flex items-center gap-2">
                  <span className="size-3 rounded-sm" style={{ backgroundColor: COR_PLANO[p.plano] }} aria-hidden="true" />
                  {p.plano}
                </span>
                <span className="tabular-nums text-slate-800">{formatarInteiro(p.empresas)}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
