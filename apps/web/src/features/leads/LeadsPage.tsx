import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { PAPEL } from "@crm/domain/roles";
import type { TLeadLista, TOrdemLeads } from "@crm/domain/schemas/leads";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Filter, Plus, Users } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { Link, Navigate, useParams } from "react-router";
import { useChosenCompany } from "../../lib/chosenCompany";
import { useSessaoAtual } from "../../lib/session";
import { useDebounce } from "../../lib/useDebounce";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Pagination } from "../../ui/Pagination";
import { SearchInput } from "../../ui/SearchInput";
import { SelectCompanyFirst } from "../../ui/SelectCompanyFirst";
import { Spinner } from "../../ui/Spinner";
import { baseLeads, CHAVE_LEADS, consultoresQuery, paginaLeadsQuery, resumoLeadsQuery } from "./api";
import { BulkActionsBar } from "./BulkActionsBar";
import { DuplicatePhonesNotice } from "./DuplicatePhonesNotice";
import { ExportMenu } from "./ExportMenu";
import type { TAcaoLinha } from "./LeadRowActions";
import { LeadsCounters } from "./LeadsCounters";
import { LeadsFiltersPanel } from "./LeadsFiltersPanel";
import { LeadsTable } from "./LeadsTable";
import { PeriodBanner } from "./PeriodBanner";
import { temFiltros, useLeadsFilter } from "./useLeadsFilter";
import { useLeadsRealtime } from "./useLeadsRealtime";
import { WaitingQueueBanner } from "./WaitingQueueBanner";

// the dialogs open on a click: their code (forms, Radix Dialog) is not part of the list's first paint
const AssignLeadDialog = lazy(() => import("./AssignLeadDialog").then((m) => ({ default: m.AssignLeadDialog })));
const ChangeStatusDialog = lazy(() => import("./ChangeStatusDialog").then((m) => ({ default: m.ChangeStatusDialog })));
const DeleteLeadsDialog = lazy(() => import("./DeleteLeadsDialog").then((m) => ({ default: m.DeleteLeadsDialog })));
const BulkTagsDialog = lazy(() => import("../tags/BulkTagsDialog").then((m) => ({ default: m.BulkTagsDialog })));
const LeadHistoryDialog = lazy(() => import("./LeadHistoryDialog").then((m) => ({ default: m.LeadHistoryDialog })));

type TDialogo =
  | { tipo: "atribuir" | "status" | "excluir" | "etiquetas"; leads: TLeadLista[] }
  | { tipo: "historico"; lead: TLeadLista }
  | null;

/**
 * /leads (000 §2.12): the company admin's lead management; for the platform admin the chosen company's, on
 * /empresa/{empresaId}/leads or /leads?empresa={id} (decision 1642).
 */
export function LeadsPage() {
  const { usuario } = useSessaoAtual();
  const daRota = useParams().empresaId;
  const empresaId = useChosenCompany() ?? undefined;
  useDocumentTitle("Gestão de Leads");
  if (usuario.papel === PAPEL.consultor) return <Navigate to="/meus-leads" replace />;
  if (!pode(usuario.papel, "leads.gerenciar") || (daRota && usuario.papel !== PAPEL.plataforma)) {
    return <AccessDenied mensagem="Apenas administradores podem gerenciar os leads." />;
  }
  if (usuario.papel === PAPEL.plataforma && !empresaId) {
    return <SelectCompanyFirst descricao="Abra os leads de uma empresa, escolhendo-a no seletor “Empresa” do menu." />;
  }
  return <GestaoDeLeads base={baseLeads(empresaId)} empresaId={empresaId} />;
}

function GestaoDeLeads({ base, empresaId }: { base: string; empresaId?: string }) {
  const daPlataforma = !!empresaId;
  const { usuario } = useSessaoAtual();
  const qc = useQueryClient();
  // tags are the company's: its admin applies and filters by them, the platform admin does not (decision 1833)
  const comEtiquetas = !daPlataforma && pode(usuario.papel, "etiquetas.usar");
  useLeadsRealtime();
  const [filtro, mudar] = useLeadsFilter();
  const [filtrosAbertos, setFiltrosAbertos] = useState(temFiltros({ ...filtro, busca: undefined }));
  const [busca, setBusca] = useState(filtro.busca ?? "");
  const buscaAtrasada = useDebounce(busca, 300);
  const [selecionados, setSelecionados] = useState<Set<string>>(new Set());
  const [dialogo, setDialogo] = useState<TDialogo>(null);

  const pagina = useQuery({ ...paginaLeadsQuery(base, filtro), placeholderData: keepPreviousData });
  const resumo = useQuery({ ...resumoLeadsQuery(base, filtro), placeholderData: keepPreviousData });
  // only the filters panel lists the consultants (the assign dialog asks on its own): not part of the first screen
  const consultores = useQuery({ ...consultoresQuery(base), enabled: filtrosAbertos });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only typing (debounced) changes the search
  useEffect(() => {
    if ((buscaAtrasada.trim() || undefined) !== filtro.busca) mudar({ busca: buscaAtrasada.trim() || undefined });
  }, [buscaAtrasada]);

  const itens = pagina.data?.itens ?? [];
  // a selection belongs to the rows on screen: another page or filter shows none of it selected
  const selecionadosNaPagina = itens.filter((l) => selecionados.has(l.id));
  // stable props for the memoized table: the counters', notices' and queue's answers do not draw its rows again
  const ordenar = useCallback((ordem: TOrdemLeads, direcao: "asc" | "desc") => mudar({ ordem, direcao }), [mudar]);
  const selecionar = useCallback(
    (ids: string[], marcado: boolean) =>
      setSelecionados((s) => {
        const n = new Set(s);
        for (const id of ids) marcado ? n.add(id) : n.delete(id);
        return n;
      }),
    [],
  );
  const agir = useCallback<TAcaoLinha>(
    (acao, lead) => setDialogo(acao === "historico" ? { tipo: acao, lead } : { tipo: acao, leads: [lead] }),
    [],
  );
  const comFiltros = temFiltros(filtro);
  const vazio = useMemo(
    () => <EmptyState icone={Users} titulo={comFiltros ? MSG.nenhumLeadFiltros : MSG.nenhumLeadPeriodo} className="py-2" />,
    [comFiltros],
  );
  const fechar = (limpar: boolean) => {
    setDialogo(null);
    if (limpar) setSelecionados(new Set());
  };

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Gestão de Leads</h1>
          <p className="mt-1 text-sm text-slate-600">Acompanhe, atribua e organize os leads da empresa.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ExportMenu base={base} filtro={filtro} />
          {!daPlataforma && (
            <Button asChild>
              <Link to="/leads-import">
                <Plus className="size-4" aria-hidden="true" />
                Novo Lead
              </Link>
            </Button>
          )}
        </div>
      </div>

      <PeriodBanner valor={filtro} onChange={(p) => mudar({ periodo: p.periodo, inicio: p.inicio, fim: p.fim })} />
      <LeadsCounters resumo={resumo.data} />
      <WaitingQueueBanner empresaId={empresaId} filtro={filtro} mudar={mudar} />
      <DuplicatePhonesNotice base={base} />

      <div className="flex flex-wrap items-center gap-3">
        <SearchInput
          className="min-w-64 flex-1"
          aria-label="Buscar leads por nome, email ou telefone"
          placeholder="Buscar por nome, email ou telefone"
          value={busca}
          onChange={(e) => setBusca(e.target.value)}
        />
        <Button variant="outline" aria-expanded={filtrosAbertos} onClick={() => setFiltrosAbertos((v) => !v)}>
          <Filter className="size-4" aria-hidden="true" />
          Filtros
        </Button>
      </div>
      {filtrosAbertos && (
        <LeadsFiltersPanel filtro={filtro} consultores={consultores.data ?? []} comEtiquetas={comEtiquetas} onChange={mudar} />
      )}

      {selecionadosNaPagina.length > 0 && (
        <BulkActionsBar
          quantidade={selecionadosNaPagina.length}
          onAtribuir={() => setDialogo({ tipo: "atribuir", leads: selecionadosNaPagina })}
          onStatus={() => setDialogo({ tipo: "status", leads: selecionadosNaPagina })}
          onEtiquetas={comEtiquetas ? () => setDialogo({ tipo: "etiquetas", leads: selecionadosNaPagina }) : undefined}
          onExcluir={() => setDialogo({ tipo: "excluir", leads: selecionadosNaPagina })}
          onLimpar={() => setSelecionados(new Set())}
        />
      )}

      {pagina.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner rotulo="Carregando leads" className="size-6 text-blue-700" />
        </div>
      ) : pagina.isError ? (
        <Card>
          <EmptyState titulo={MSG.erroCarregarLeads} acao={<Button onClick={() => pagina.refetch()}>Tentar Novamente</Button>} />
        </Card>
      ) : (
        <div aria-busy={pagina.isFetching}>
          <LeadsTable
            itens={itens}
            filtro={filtro}
            onOrdenar={ordenar}
            selecionados={selecionados}
            onSelecionar={selecionar}
            onAcao={agir}
            vazio={vazio}
          />
        </div>
      )}
      {pagina.data && (
        <Pagination
          pagina={filtro.pagina}
          tamanho={filtro.tamanho}
          total={resumo.data?.total ?? (filtro.pagina - 1) * filtro.tamanho + itens.length + (pagina.data.temMais ? 1 : 0)}
          onChange={(p) => mudar({ pagina: p })}
        />
      )}

      <Suspense fallback={null}>
        {dialogo?.tipo === "atribuir" && <AssignLeadDialog base={base} leads={dialogo.leads} onFechar={fechar} />}
        {dialogo?.tipo === "status" && <ChangeStatusDialog base={base} leads={dialogo.leads} onFechar={fechar} />}
        {dialogo?.tipo === "etiquetas" && (
          <BulkTagsDialog
            leadIds={dialogo.leads.map((l) => l.id)}
            onFechar={fechar}
            aoSalvar={() => qc.invalidateQueries({ queryKey: CHAVE_LEADS })}
          />
        )}
        {dialogo?.tipo === "excluir" && <DeleteLeadsDialog base={base} leads={dialogo.leads} onFechar={fechar} />}
        {dialogo?.tipo === "historico" && (
          <LeadHistoryDialog base={base} leadId={dialogo.lead.id} nome={dialogo.lead.nome} onFechar={() => setDialogo(null)} />
        )}
      </Suspense>
    </div>
  );
}
