import { formatarBRL, formatarInteiro } from "@crm/domain/format";
import { COR_PLATAFORMA, type TPlataformaMarketing } from "@crm/domain/marketing";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { contar } from "@crm/domain/plural";
import { PAPEL } from "@crm/domain/roles";
import type { TCustoMarketing, TResumoCustos } from "@crm/domain/schemas/marketing";
import { PLATAFORMAS_MARKETING } from "@crm/domain/status";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { DollarSign, Eye, FileUp, MousePointerClick, Percent, Plus, Target } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { ApiError } from "../../lib/api";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { EmptyState } from "../../ui/EmptyState";
import { Field } from "../../ui/Field";
import { Pagination } from "../../ui/Pagination";
import { PeriodSelector, SELECAO_PERIODO_PADRAO, type TSelecaoPeriodo } from "../../ui/PeriodSelector";
import { Select } from "../../ui/Select";
import { SelectCompanyFirst } from "../../ui/SelectCompanyFirst";
import { Spinner } from "../../ui/Spinner";
import { StatCard } from "../../ui/StatCard";
import { toast } from "../../ui/toast";
import { CampaignResults } from "../attribution/CampaignResults";
import { CHAVE_CUSTOS, custosQuery, diaBR, excluirCusto, type TAlvo, type TFiltroTela } from "./api";
import { CostFormDialog } from "./CostFormDialog";
import { CostsTable, PlataformaTag } from "./CostsTable";
import { ImportCostsDialog } from "./ImportCostsDialog";

/** /marketing ('Custos de Marketing', 001): Admin Empresa and Admin Plataforma (?empresa={id}) only (001 §6). */
export function MarketingPage() {
  useDocumentTitle("Custos de Marketing");
  const { usuario } = useSessaoAtual();
  const [params] = useSearchParams();
  if (!pode(usuario.papel, "marketing.gerenciar")) {
    return <AccessDenied titulo={MSG.acessoNegadoTitulo} mensagem={MSG.acessoNegadoMarketing} />;
  }
  const empresaId = usuario.papel === PAPEL.plataforma ? params.get("empresa") : null;
  if (usuario.papel === PAPEL.plataforma && !empresaId) {
    return (
      <SelectCompanyFirst descricao="Abra os custos de marketing de uma empresa, escolhendo-a no seletor “Empresa” do menu." />
    );
  }
  return <Custos alvo={{ empresaId }} />;
}

function Custos({ alvo }: { alvo: TAlvo }) {
  const qc = useQueryClient();
  const [filtro, setFiltro] = useState<TFiltroTela>({ ...SELECAO_PERIODO_PADRAO, plataforma: "", pagina: 1 });
  const q = useQuery(custosQuery(alvo, filtro));
  const [formulario, setFormulario] = useState<TCustoMarketing | "novo" | null>(null);
  const [excluindo, setExcluindo] = useState<TCustoMarketing | null>(null);
  const [importando, setImportando] = useState(false);

  async function excluir() {
    if (!excluindo) return;
    try {
      await excluirCusto(alvo, excluindo.id);
      toast.success(MSG.custoExcluido);
      await qc.invalidateQueries({ queryKey: CHAVE_CUSTOS });
    } catch (e) {
      toast.error(e instanceof ApiError && e.status === 403 ? e.erro : MSG.erroExcluirCusto);
      throw e;
    }
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Custos de Marketing</h1>
          <p className="mt-1 text-sm text-slate-600">Investimento em anúncios por plataforma e dia.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setImportando(true)}>
            <FileUp className="size-4" aria-hidden="true" />
            Importar CSV
          </Button>
          <Button onClick={() => setFormulario("novo")}>
            <Plus className="size-4" aria-hidden="true" />
            Adicionar Custo
          </Button>
        </div>
      </div>

      <Card className="p-4">
        <div className="flex flex-wrap items-end gap-3">
          <PeriodSelector
            value={filtro}
            onChange={(p: TSelecaoPeriodo) =>
              setFiltro((f) => ({ ...f, periodo: p.periodo, inicio: p.inicio, fim: p.fim, pagina: 1 }))
            }
          />
          <Field label="Plataforma" className="w-48">
            <Select
              value={filtro.plataforma}
              onChange={(e) => setFiltro((f) => ({ ...f, plataforma: e.target.value, pagina: 1 }))}
            >
              <option value="">Todas</option>
              {PLATAFORMAS_MARKETING.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        {q.data && (
          <p className="mt-3 text-sm text-slate-600">
            Período: {diaBR(q.data.inicio)} a {diaBR(q.data.fim)}
          </p>
        )}
      </Card>

      {q.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner rotulo="Carregando custos" className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <Card>
          <EmptyState titulo={MSG.erroCarregarCustos} acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>} />
        </Card>
      ) : (
        <>
          <Resumo resumo={q.data.resumo} />
          <CampaignResults alvo={alvo} periodo={{ periodo: filtro.periodo, inicio: filtro.inicio, fim: filtro.fim }} />
          <div className="space-y-3" aria-busy={q.isFetching}>
            <CostsTable itens={q.data.itens} onEditar={setFormulario} onExcluir={setExcluindo} />
            <Pagination
              pagina={q.data.pagina}
              tamanho={q.data.tamanho}
              total={q.data.total}
              onChange={(pagina) => setFiltro((f) => ({ ...f, pagina }))}
            />
          </div>
        </>
      )}

      <CostFormDialog custo={formulario} onClose={() => setFormulario(null)} alvo={alvo} />
      <ImportCostsDialog open={importando} onClose={() => setImportando(false)} alvo={alvo} />
      <ConfirmDialog
        open={!!excluindo}
        onOpenChange={(v) => !v && setExcluindo(null)}
        titulo="Excluir Custo"
        mensagem={MSG.confirmarExcluirCusto}
        rotuloConfirmar="Excluir"
        rotuloConfirmando="Excluindo..."
        perigo
        onConfirmar={excluir}
      />
    </div>
  );
}

const pct = (n: number) => `${n.toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;

/** The summary cards of the filtered period: totals, averages as ratios of the totals, and the spend per platform. */
function Resumo({ resumo: r }: { resumo: TResumoCustos }) {
  const total = Number(r.gasto_total);
  return (
    <section aria-label="Resumo do período" className="space-y-4">
      <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
        <StatCard
          titulo="Gasto Total"
          valor={formatarBRL(r.gasto_total)}
          icone={DollarSign}
          rodape={contar(r.lancamentos, "lançamento", "lançamentos")}
        />
        <StatCard
          titulo="Impressões"
          valor={formatarInteiro(r.impressoes)}
          icone={Eye}
          rodape={`CPM médio ${formatarBRL(r.cpm)}`}
        />
        <StatCard
          titulo="Cliques"
          valor={formatarInteiro(r.cliques)}
          icone={MousePointerClick}
          rodape={`CPC médio ${formatarBRL(r.cpc)}`}
        />
        <StatCard titulo="CTR Médio" valor={pct(r.ctr)} icone={Percent} rodape="Cliques ÷ impressões" />
      </div>
      {r.porPlataforma.length > 0 && (
        <Card className="p-4">
          <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <Target className="size-4 text-blue-700" aria-hidden="true" />
            Gasto por plataforma
          </h2>
          <ul className="mt-3 space-y-2">
            {r.porPlataforma.map((p) => {
              const parte = total > 0 ? (Number(p.gasto) / total) * 100 : 0;
              return (
                <li key={p.plataforma} className="grid grid-cols-[7rem_1fr_auto] items-center gap-3 text-sm">
                  <PlataformaTag plataforma={p.plataforma} />
                  <span className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                    <span
                      className="block h-full rounded-full"
                      style={{
                        width: `${parte}%`,
                        backgroundColor: COR_PLATAFORMA[p.plataforma as TPlataformaMarketing] ?? COR_PLATAFORMA.Outro,
                      }}
                    />
                  </span>
                  <span className="text-right tabular-nums text-slate-800">
                    {formatarBRL(p.gasto)} <span className="text-slate-600">({pct(parte)})</span>
                  </span>
                </li>
              );
            })}
          </ul>
        </Card>
      )}
    </section>
  );
}
