import { corDaOrigem, TEXTO_FINANCEIRO } from "@crm/domain/finance";
import { formatarBRL } from "@crm/domain/format";
import { COR_PLATAFORMA, type TPlataformaMarketing } from "@crm/domain/marketing";
import type { TFinanceiro } from "@crm/domain/schemas/finance";
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

const SERIES = [
  { chave: "receita", nome: "Receita", cor: "#16a34a" },
  { chave: "custos", nome: "Custos", cor: "#dc2626" },
  { chave: "lucro", nome: "Lucro", cor: "#2563eb" },
] as const;

const corPlataforma = (p: string) => COR_PLATAFORMA[p as TPlataformaMarketing] ?? COR_PLATAFORMA.Outro;
const brlCurto = (n: number) => n.toLocaleString("pt-BR", { notation: "compact", maximumFractionDigits: 1 });
const diaBR = (iso: string) => iso.split("-").reverse().join("/");

/**
 * /financeiro's charts (001): the revenue / costs / profit trend and the two pies, in their own chunk (recharts is
 * loaded only here). Each chart is drawn for the eye and hidden from screen readers, which read the same figures in
 * a table or list beside it.
 */
export default function FinanceCharts({ d }: { d: TFinanceiro }) {
  const { pontos, agrupamento } = d.tendencia;
  const vazio = pontos.every((p) => p.receita === 0 && p.custos === 0);
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2">
      <Card className="min-w-0 lg:col-span-2">
        <CardHeader>
          <CardTitle>Receita, Custos e Lucro</CardTitle>
          <p className="text-sm text-slate-600">{agrupamento === "dia" ? "Por dia" : "Por semana (7 dias)"}</p>
        </CardHeader>
        <CardContent>
          {vazio ? (
            <EmptyState titulo={TEXTO_FINANCEIRO.semDados} />
          ) : (
            <div className="h-72 w-full" aria-hidden="true" data-testid="grafico-tendencia">
              <ResponsiveContainer width="100%" height="100%">
                <LineChart accessibilityLayer={false} data={pontos} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis dataKey="rotulo" tick={{ fontSize: 12, fill: "#475569" }} />
                  <YAxis tickFormatter={brlCurto} tick={{ fontSize: 12, fill: "#475569" }} width={48} />
                  <Tooltip formatter={(v) => formatarBRL(Number(v))} />
                  <Legend />
                  {SERIES.map((s) => (
                    <Line
                      key={s.chave}
                      type="monotone"
                      dataKey={s.chave}
                      name={s.nome}
                      stroke={s.cor}
                      strokeWidth={2}
                      dot={false}
                      isAnimationActive={false}
                    />
                  ))}
                </LineChart>
              </ResponsiveContainer>
            </div>
          )}
          <ChartDataTable
            legenda={`Receita, custos e lucro ${agrupamento === "dia" ? "por dia" : "por semana"}`}
            colunas={["Período", ...SERIES.map((s) => s.nome)]}
            linhas={pontos.map((p) => ({
              chave: p.inicio,
              rotulo: p.inicio === p.ultimo ? diaBR(p.inicio) : `${diaBR(p.inicio)} a ${diaBR(p.ultimo)}`,
              valores: SERIES.map((s) => formatarBRL(p[s.chave])),
            }))}
          />
        </CardContent>
      </Card>
      <Pizza
        titulo="Custos por Plataforma"
        vazio={TEXTO_FINANCEIRO.semCustos}
        fatias={d.custosPorPlataforma.map((c) => ({ nome: c.plataforma, valor: c.valor, cor: corPlataforma(c.plataforma) }))}
        testid="grafico-plataformas"
      />
      <Pizza
        titulo="Receita por Origem"
        vazio={TEXTO_FINANCEIRO.semReceita}
        fatias={d.receitaPorOrigem.map((o) => ({ nome: o.origem, valor: o.valor, cor: corDaOrigem(o.origem) }))}
        testid="grafico-origens"
      />
    </div>
  );
}

type TFatia = { nome: string; valor: number; cor: string };

function Pizza({ titulo, vazio, fatias, testid }: { titulo: string; vazio: string; fatias: TFatia[]; testid: string }) {
  const total = fatias.reduce((s, f) => s + f.valor, 0);
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{titulo}</CardTitle>
      </CardHeader>
      <CardContent>
        {total === 0 ? (
          <EmptyState titulo={vazio} />
        ) : (
          <>
            <div className="h-56 w-full" aria-hidden="true" data-testid={testid}>
              <ResponsiveContainer width="100%" height="100%">
                <PieChart accessibilityLayer={false}>
                  <Pie data={fatias} dataKey="valor" nameKey="nome" innerRadius="45%" rootTabIndex={-1} isAnimationActive={false}>
                    {fatias.map((f) => (
                      <Cell key={f.nome} fill={f.cor} />
                    ))}
                  </Pie>
                  <Tooltip formatter={(v) => formatarBRL(Number(v))} />
                </PieChart>
              </ResponsiveContainer>
            </div>
            {/* the legend is the pie's accessible form: name, amount and share */}
            <ul className="mt-3 space-y-1 text-sm" aria-label={titulo}>
              {fatias.map((f) => (
                <li key={f.nome} className="flex items-center gap-2">
                  <span className="size-3 shrink-0 rounded-sm" style={{ background: f.cor }} aria-hidden="true" />
                  <span className="min-w-0 flex-1 truncate text-slate-700">{f.nome}</span>
                  <span className="tabular-nums text-slate-900">
                    {formatarBRL(f.valor)} ({Math.round((f.valor / total) * 100)}%)
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
