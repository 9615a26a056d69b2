import { corDoStatus, ROTULO_AGRUPAMENTO, TEXTO_DASHBOARD } from "@crm/domain/dashboard";
import { formatarInteiro } from "@crm/domain/format";
import { FIGURAS_LEAD } from "@crm/domain/lead-figures";
import type { TDashboardEmpresa } from "@crm/domain/schemas/dashboard";
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { ChartDataTable } from "../../ui/ChartDataTable";
import { EmptyState } from "../../ui/EmptyState";

const SERIES = [
  { chave: "total", nome: "Total", cor: "#2563eb" },
  { chave: "qualificados", nome: FIGURAS_LEAD.qualificadosNoPeriodo.rotulo, cor: "#0d9488" },
  { chave: "convertidos", nome: FIGURAS_LEAD.convertidosNoPeriodo.rotulo, cor: "#16a34a" },
] as const;

/**
 * The two charts of the company dashboard (000 §2.10), in their own chunk (recharts is loaded only here).
 * Each chart is drawn for the eye and hidden from screen readers, which read the same figures in a table.
 */
/** The hover tooltip's lines in the text colour: in the series' colours (green, teal on white) they failed contrast. */
const TEXTO_DA_DICA = { color: "#0f172a" };

export default function CompanyCharts({ d }: { d: TDashboardEmpresa }) {
  const { pontos, agrupamento } = d.grafico;
  const vazio = pontos.every((p) => p.total === 0);
  const totalPizza = d.status.reduce((s, f) => s + f.total, 0);
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-5">
      <Card className="min-w-0 lg:col-span-3">
        <CardHeader>
          <CardTitle>Leads por Período</CardTitle>
          <p className="text-sm text-slate-600">Total, qualificados e convertidos, {ROTULO_AGRUPAMENTO[agrupamento]}</p>
        </CardHeader>
        <CardContent>
          {vazio ? (
            <EmptyState titulo={TEXTO_DASHBOARD.semLeadsNoPeriodo} />
          ) : (
            <div className="h-72 w-full" aria-hidden="true" data-testid="grafico-leads">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart accessibilityLayer={false} data={pontos} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis dataKey="rotulo" tick={{ fontSize: 12, fill: "#475569" }} />
                  <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: "#475569" }} />
                  <Tooltip itemStyle={TEXTO_DA_DICA} />
                  <Legend />
                  {SERIES.map((s) => (
                    <Bar key={s.chave} dataKey={s.chave} name={s.nome} fill={s.cor} isAnimationActive={false} />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </div>
          )}
          <ChartDataTable
            legenda={`Leads por período, ${ROTULO_AGRUPAMENTO[agrupamento]}`}
            colunas={["Período", ...SERIES.map((s) => s.nome)]}
            linhas={pontos.map((p) => ({ chave: p.inicio, rotulo: p.rotulo, valores: SERIES.map((s) => p[s.chave]) }))}
          />
        </CardContent>
      </Card>
      <Card className="min-w-0 lg:col-span-2">
        <CardHeader>
          <CardTitle>Leads por Status</CardTitle>
        </CardHeader>
        <CardContent>
          {totalPizza === 0 ? (
            <EmptyState titulo={TEXTO_DASHBOARD.semLeadsNoPeriodo} />
          ) : (
            <>
              <div className="h-56 w-full" aria-hidden="true" data-testid="grafico-status">
                <ResponsiveContainer width="100%" height="100%">
                  <PieChart accessibilityLayer={false}>
                    <Pie
                      data={d.status}
                      dataKey="total"
                      nameKey="status"
                      innerRadius="45%"
                      rootTabIndex={-1}
                      isAnimationActive={false}
                    >
                      {d.status.map((f) => (
                        <Cell key={f.status} fill={corDoStatus(f.status)} />
                      ))}
                    </Pie>
                    <Tooltip itemStyle={TEXTO_DA_DICA} />
                  </PieChart>
                </ResponsiveContainer>
              </div>
              {/* the legend is the pie's accessible form: status, count and share */}
              <ul className="mt-3 space-y-1 text-sm" aria-label="Leads por status no período">
                {d.status.map((f) => (
                  <li key={f.status} className="flex items-center gap-2">
                    <span
                      className="size-3 shrink-0 rounded-sm"
                      style={{ background: corDoStatus(f.status) }}
                      aria-hidden="true"
                    />
                    <span className="min-w-0 flex-1 truncate text-slate-700">{f.status}</span>
                    <span className="tabular-nums text-slate-900">
                      {formatarInteiro(f.total)} ({Math.round((f.total / totalPizza) * 100)}%)
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
