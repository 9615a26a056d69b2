import { formatarInteiro } from "@crm/domain/format";
import { fatiasStatusJuridico, serieVazia } from "@crm/domain/legal-dashboard";
import { MSG } from "@crm/domain/messages";
import type { TPainelJuridico } from "@crm/domain/schemas/legal-dashboard";
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { ChartDataTable } from "../../ui/ChartDataTable";
import { EmptyState } from "../../ui/EmptyState";

const SERIES = [
  { chave: "abertos", nome: "Abertos", cor: "#1d4ed8" },
  { chave: "finalizados", nome: "Finalizados", cor: "#15803d" },
] as const;

/**
 * The legal dashboard's charts in their own chunk (recharts loads only here). Each chart is drawn for the eye and
 * hidden from screen readers, which read the same figures in the legend list and the table beside it.
 */
export default function LegalCharts({ d }: { d: TPainelJuridico }) {
  const fatias = fatiasStatusJuridico(d.porStatus);
  const total = fatias.reduce((s, f) => s + f.quantidade, 0);
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-5">
      <Card className="min-w-0 lg:col-span-2">
        <CardHeader>
          <CardTitle>Processos por Status</CardTitle>
        </CardHeader>
        <CardContent>
          {total === 0 ? (
            <EmptyState titulo={MSG.semDadosParaExibir} />
          ) : (
            <>
              <div className="h-56 w-full" aria-hidden="true" data-testid="grafico-status-juridico">
                <ResponsiveContainer width="100%" height="100%">
                  <PieChart accessibilityLayer={false}>
                    <Pie
                      data={fatias}
                      dataKey="quantidade"
                      nameKey="status"
                      innerRadius="45%"
                      rootTabIndex={-1}
                      isAnimationActive={false}
                    >
                      {fatias.map((f) => (
                        <Cell key={f.status} fill={f.cor} />
                      ))}
                    </Pie>
                    <Tooltip />
                  </PieChart>
                </ResponsiveContainer>
              </div>
              <ul className="mt-3 space-y-1 text-sm" aria-label="Processos por status jurídico">
                {fatias.map((f) => (
                  <li key={f.status} className="flex items-center gap-2">
                    <span className="size-3 shrink-0 rounded-sm" style={{ background: f.cor }} aria-hidden="true" />
                    <span className="min-w-0 flex-1 truncate text-slate-700">{f.status}</span>
                    <span className="tabular-nums text-slate-900">
                      {formatarInteiro(f.quantidade)} ({Math.round((f.quantidade / total) * 100)}%)
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </CardContent>
      </Card>
      <Card className="min-w-0 lg:col-span-3">
        <CardHeader>
          <CardTitle>Processos por Mês</CardTitle>
          <p className="text-sm text-slate-600">Abertos e finalizados nos últimos 6 meses</p>
        </CardHeader>
        <CardContent>
          {serieVazia(d.meses) ? (
            <EmptyState titulo={MSG.semDadosParaExibir} />
          ) : (
            <div className="h-64 w-full" aria-hidden="true" data-testid="grafico-meses-juridico">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart accessibilityLayer={false} data={d.meses} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis dataKey="rotulo" tick={{ fontSize: 12, fill: "#475569" }} />
                  <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: "#475569" }} />
                  <Tooltip />
                  <Legend />
                  {SERIES.map((s) => (
                    <Bar key={s.chave} dataKey={s.chave} name={s.nome} fill={s.cor} isAnimationActive={false} />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </div>
          )}
          <ChartDataTable
            legenda="Processos abertos e finalizados por mês"
            colunas={["Mês", ...SERIES.map((s) => s.nome)]}
            linhas={d.meses.map((m) => ({ chave: m.mes, rotulo: m.rotulo, valores: SERIES.map((s) => m[s.chave]) }))}
          />
        </CardContent>
      </Card>
    </div>
  );
}
