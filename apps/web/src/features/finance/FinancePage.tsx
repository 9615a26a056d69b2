import { CHAVES_KPI, KPI_FINANCEIRO, ROTULO_MEDALHA, type TChaveKpi, TEXTO_FINANCEIRO, variacaoKpi } from "@crm/domain/finance";
import { formatarBRL, formatarInteiro } from "@crm/domain/format";
import { pode } from "@crm/domain/permissions";
import { PLANO_INFO } from "@crm/domain/plans";
import { contar } from "@crm/domain/plural";
import { TEXTO_RECUPERAVEL } from "@crm/domain/revisional/texts";
import { PAPEL } from "@crm/domain/roles";
import type { TFinanceiro } from "@crm/domain/schemas/finance";
import { ORIGENS_LEAD, PLATAFORMAS_MARKETING } from "@crm/domain/status";
import { useQuery } from "@tanstack/react-query";
import {
  ChevronDown,
  DollarSign,
  Download,
  Medal,
  Percent,
  RefreshCw,
  Scale,
  SlidersHorizontal,
  Target,
  TrendingDown,
  TrendingUp,
  Trophy,
  Users,
  Wallet,
} from "lucide-react";
import { lazy, Suspense, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { mensagemDeErro } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Field } from "../../ui/Field";
import { PeriodSelector, SELECAO_PERIODO_PADRAO, type TSelecaoPeriodo } from "../../ui/PeriodSelector";
import { PlanLock } from "../../ui/PlanLock";
import { Select } from "../../ui/Select";
import { SelectCompanyFirst } from "../../ui/SelectCompanyFirst";
import { Spinner } from "../../ui/Spinner";
import { StatCard } from "../../ui/StatCard";
import { toast } from "../../ui/toast";
import { CampaignResults } from "../attribution/CampaignResults";
import { baixarCsvFinanceiro, financeiroQuery, SEM_FILTROS, type TAlvo, type TFiltrosAvancados } from "./api";

// recharts is the heaviest thing on the screen: its chunk loads after the cards
const FinanceCharts = lazy(() => import("./FinanceCharts"));

/** /financeiro ('Dashboard Financeiro', 001): Admin Empresa, and Admin Plataforma naming the company (?empresa={id}). */
export function FinancePage() {
  useDocumentTitle(TEXTO_FINANCEIRO.titulo);
  const { usuario } = useSessaoAtual();
  const [params] = useSearchParams();
  if (!pode(usuario.papel, "financeiro.ver")) return <AccessDenied mensagem={TEXTO_FINANCEIRO.acessoNegado} />;
  const empresaId = usuario.papel === PAPEL.plataforma ? params.get("empresa") : null;
  if (usuario.papel === PAPEL.plataforma && !empresaId) {
    return (
      <SelectCompanyFirst descricao="Abra o dashboard financeiro de uma empresa, escolhendo-a no seletor “Empresa” do menu." />
    );
  }
  return <Financeiro alvo={{ empresaId }} />;
}

function Carregando({ rotulo = TEXTO_FINANCEIRO.carregando }: { rotulo?: string }) {
  return (
    <div className="flex justify-center py-12">
      <Spinner rotulo={rotulo} className="size-6 text-blue-700" />
    </div>
  );
}

const diaBR = (iso: string) => iso.split("-").reverse().join("/");

function Financeiro({ alvo }: { alvo: TAlvo }) {
  const [periodo, setPeriodo] = useState<TSelecaoPeriodo>(SELECAO_PERIODO_PADRAO);
  const [filtros, setFiltros] = useState<TFiltrosAvancados>(SEM_FILTROS);
  const [exportando, setExportando] = useState(false);
  const q = useQuery(financeiroQuery(alvo, periodo, filtros));
  const seletor = useRef<HTMLDivElement>(null);
  const d = q.data;
  // the CSV export is 'Relatórios avançados' (decision 1310); the platform admin's company is checked by the server
  const plano = useSessaoAtual().empresa?.plano_assinatura;
  const exportarBloqueado = plano ? !PLANO_INFO[plano].relatoriosAvancados : false;

  async function exportar() {
    setExportando(true);
    try {
      await baixarCsvFinanceiro(alvo, periodo, filtros);
      toast.success(TEXTO_FINANCEIRO.exportado);
    } catch (e) {
      toast.error(mensagemDeErro(e, TEXTO_FINANCEIRO.erroExportar));
    } finally {
      setExportando(false);
    }
  }

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{TEXTO_FINANCEIRO.titulo}</h1>
          <p className="mt-1 text-sm text-slate-600">Receita, custos e retorno do investimento em marketing.</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div ref={seletor}>
            <PeriodSelector value={periodo} onChange={setPeriodo} />
          </div>
          <Button variant="outline" onClick={() => q.refetch()} carregando={q.isFetching} aria-label="Atualizar">
            <RefreshCw className="size-4" aria-hidden="true" />
            Atualizar
          </Button>
          {exportarBloqueado ? (
            <PlanLock recurso="relatoriosAvancados" />
          ) : (
            <Button variant="outline" onClick={exportar} carregando={exportando} disabled={!d}>
              <Download className="size-4" aria-hidden="true" />
              Exportar CSV
            </Button>
          )}
        </div>
      </div>

      {d && (
        <div
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900"
          aria-live="polite"
        >
          <p>
            Período: <strong>{diaBR(d.periodo.inicio)}</strong> a <strong>{diaBR(d.periodo.fim)}</strong>, comparado com{" "}
            {diaBR(d.periodoAnterior.inicio)} a {diaBR(d.periodoAnterior.fim)}
          </p>
          <Button size="sm" variant="outline" onClick={() => seletor.current?.querySelector("select")?.focus()}>
            Alterar
          </Button>
        </div>
      )}

      <FiltrosAvancados filtros={filtros} onChange={setFiltros} opcoes={d?.opcoes} />

      {q.isPending ? (
        <Carregando />
      ) : q.isError ? (
        <Card>
          <EmptyState titulo={TEXTO_FINANCEIRO.erro} acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>} />
        </Card>
      ) : (
        <section className="space-y-6" aria-busy={q.isFetching} aria-label="Indicadores financeiros do período">
          <Cartoes d={q.data} />
          <Recuperavel d={q.data} />
          <Suspense fallback={<Carregando rotulo="Carregando gráficos" />}>
            <FinanceCharts d={q.data} />
          </Suspense>
          <Ranking d={q.data} />
          <CampaignResults alvo={alvo} periodo={periodo} />
        </section>
      )}
    </div>
  );
}

const ICONES: Record<TChaveKpi, typeof DollarSign> = {
  receitaTotal: DollarSign,
  custosTotais: Wallet,
  lucroLiquido: TrendingUp,
  roi: Percent,
  leadsTotais: Users,
  leadsConvertidos: Target,
  custoPorLead: TrendingDown,
  valorMedioConversao: Trophy,
};

function valorKpi(k: TChaveKpi, n: number): string {
  const t = KPI_FINANCEIRO[k].tipo;
  if (t === "dinheiro") return formatarBRL(n);
  if (t === "inteiro") return formatarInteiro(n);
  return `${n.toLocaleString("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

/** The 8 KPI cards (001 §9), each with its change against the previous period of equal length. */
function Cartoes({ d }: { d: TFinanceiro }) {
  return (
    <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
      {CHAVES_KPI.map((k) => {
        const atual = d.kpis.atual[k];
        const anterior = d.kpis.anterior[k];
        const texto = variacaoKpi(atual, anterior);
        const subiu = atual > anterior;
        const bom = atual === anterior || texto === "N/A" ? null : KPI_FINANCEIRO[k].menorMelhor ? !subiu : subiu;
        return (
          <section key={k} aria-label={KPI_FINANCEIRO[k].titulo}>
            <StatCard
              className="h-full"
              titulo={KPI_FINANCEIRO[k].titulo}
              valor={valorKpi(k, atual)}
              icone={ICONES[k]}
              rodape={
                <>
                  <span className={cn("font-medium", bom === null ? "text-slate-600" : bom ? "text-green-700" : "text-red-700")}>
                    {texto} vs período anterior
                  </span>
                  {KPI_FINANCEIRO[k].definicao && <span className="block text-slate-500">{KPI_FINANCEIRO[k].definicao}</span>}
                </>
              }
            />
          </section>
        );
      })}
    </div>
  );
}

/** The collapsible advanced filters (001): platform narrows the costs; origin, consultant and campaign the leads. */
function FiltrosAvancados({
  filtros,
  onChange,
  opcoes,
}: {
  filtros: TFiltrosAvancados;
  onChange: (f: TFiltrosAvancados) => void;
  opcoes?: TFinanceiro["opcoes"];
}) {
  const [aberto, setAberto] = useState(false);
  const id = useId();
  const ativos = Object.values(filtros).filter(Boolean).length;
  const mudar = (k: keyof TFiltrosAvancados) => (e: React.ChangeEvent<HTMLSelectElement>) =>
    onChange({ ...filtros, [k]: e.target.value });
  return (
    <Card>
      <button
        type="button"
        className="flex w-full items-center justify-between gap-2 rounded-lg px-4 py-3 text-left text-sm font-semibold text-slate-900 hover:bg-slate-50"
        aria-expanded={aberto}
        aria-controls={id}
        onClick={() => setAberto((v) => !v)}
      >
        <span className="flex items-center gap-2">
          <SlidersHorizontal className="size-4 text-blue-700" aria-hidden="true" />
          Filtros avançados
          {ativos > 0 && (
            <span className="rounded-full bg-blue-100 px-2 text-xs text-blue-800">{contar(ativos, "ativo", "ativos")}</span>
          )}
        </span>
        <ChevronDown className={cn("size-4 transition-transform", aberto && "rotate-180")} aria-hidden="true" />
      </button>
      {aberto && (
        <div id={id} className="grid gap-3 border-t border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
          <Field label="Plataforma">
            <Select value={filtros.plataforma} onChange={mudar("plataforma")}>
              <option value="">Todas</option>
              {PLATAFORMAS_MARKETING.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Origem">
            <Select value={filtros.origem} onChange={mudar("origem")}>
              <option value="">Todas</option>
              {ORIGENS_LEAD.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Consultor">
            <Select value={filtros.consultorId} onChange={mudar("consultorId")}>
              <option value="">Todos</option>
              {opcoes?.consultores.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.nome}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Campanha">
            <Select value={filtros.campanha} onChange={mudar("campanha")}>
              <option value="">Todas</option>
              {opcoes?.campanhas.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          </Field>
          <Button variant="ghost" onClick={() => onChange(SEM_FILTROS)} disabled={ativos === 0}>
            Limpar filtros
          </Button>
        </div>
      )}
    </Card>
  );
}

/**
 * 'Valor recuperável estimado' (decision 1404): what the period's open leads overpay by their
 * pre-analyses, over the term and so far, by band, with the notice that it is an estimate, not legal advice.
 */
function Recuperavel({ d }: { d: TFinanceiro }) {
  const r = d.recuperavel;
  return (
    <Card className="min-w-0">
      <section aria-labelledby="recuperavel-titulo">
        <CardHeader>
          <CardTitle id="recuperavel-titulo" className="flex items-center gap-2">
            <Scale className="size-5 text-blue-700" aria-hidden="true" />
            {TEXTO_RECUPERAVEL.titulo}
          </CardTitle>
          <p className="text-sm text-slate-600">{TEXTO_RECUPERAVEL.descricao}</p>
        </CardHeader>
        <CardContent className="space-y-4">
          {r.leads === 0 ? (
            <EmptyState icone={Scale} titulo={TEXTO_RECUPERAVEL.vazio} />
          ) : (
            <>
              <dl className="grid gap-3 sm:grid-cols-3">
                <div className="rounded-lg bg-blue-50 p-3">
                  <dt className="text-sm text-blue-900">{TEXTO_RECUPERAVEL.noPrazo}</dt>
                  <dd className="text-2xl font-bold tabular-nums text-blue-950" data-testid="recuperavel-total">
                    {formatarBRL(r.total)}
                  </dd>
                </div>
                <div className="rounded-lg bg-slate-50 p-3">
                  <dt className="text-sm text-slate-700">{TEXTO_RECUPERAVEL.ateAgora}</dt>
                  <dd className="text-2xl font-bold tabular-nums text-slate-900" data-testid="recuperavel-ate-agora">
                    {formatarBRL(r.ateAgora)}
                  </dd>
                </div>
                <div className="rounded-lg bg-slate-50 p-3">
                  <dt className="text-sm text-slate-700">Leads</dt>
                  <dd className="text-lg font-semibold text-slate-900">{TEXTO_RECUPERAVEL.leads(r.leads)}</dd>
                </div>
              </dl>
              <ul className="divide-y divide-slate-100" aria-label={`${TEXTO_RECUPERAVEL.titulo} por faixa da taxa`}>
                {r.porFaixa.map((f) => (
                  <li key={f.faixa} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
                    <span className="min-w-0">
                      <span className="font-medium text-slate-900">{f.rotulo}</span>{" "}
                      <span className="text-slate-600">· {contar(f.leads, "lead", "leads")}</span>
                    </span>
                    <span className="tabular-nums text-slate-700">
                      <span className="sr-only">{TEXTO_RECUPERAVEL.noPrazo}: </span>
                      <strong className="text-slate-900">{formatarBRL(f.total)}</strong>
                      <span aria-hidden="true"> · </span>
                      <span className="sr-only">{TEXTO_RECUPERAVEL.ateAgora}: </span>
                      {formatarBRL(f.ateAgora)} até agora
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
          <p className="text-xs text-slate-600">{TEXTO_RECUPERAVEL.aviso}</p>
        </CardContent>
      </section>
    </Card>
  );
}

const COR_MEDALHA = { ouro: "text-amber-500", prata: "text-slate-400", bronze: "text-orange-700" } as const;

/** The consultant sales ranking (001 §9): sales above 0 only, by total, medals for the top 3. */
function Ranking({ d }: { d: TFinanceiro }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Ranking de Vendas por Consultor</CardTitle>
      </CardHeader>
      <CardContent>
        {d.ranking.length === 0 ? (
          <EmptyState icone={Trophy} titulo={TEXTO_FINANCEIRO.semVendasConsultores} />
        ) : (
          <ol className="divide-y divide-slate-100" aria-label="Ranking de vendas por consultor">
            {d.ranking.map((p) => (
              <li key={p.consultorId} className="flex flex-wrap items-center gap-3 py-3">
                <span className="flex size-8 shrink-0 items-center justify-center font-semibold text-slate-700">
                  {p.medalha ? (
                    <>
                      <Medal className={cn("size-6", COR_MEDALHA[p.medalha])} aria-hidden="true" />
                      <span className="sr-only">{ROTULO_MEDALHA[p.medalha]}</span>
                    </>
                  ) : (
                    `${p.posicao}º`
                  )}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">{p.nome}</p>
                  <p className="text-xs text-slate-600">
                    {contar(p.vendas, "venda", "vendas")} · média {formatarBRL(p.media)}
                  </p>
                </div>
                <span className="font-semibold tabular-nums text-slate-900">{formatarBRL(p.total)}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
