import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { PAPEL } from "@crm/domain/roles";
import { SEM_PROFISSIONAL, TAMANHO_PAGINA_PROCESSOS, type TFiltroProcessos, type TProcesso } from "@crm/domain/schemas/processes";
import { STATUS_JURIDICO, type TStatusJuridico } from "@crm/domain/status";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Scale } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useSessaoAtual } from "../../lib/session";
import { useDebounce } from "../../lib/useDebounce";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Field } from "../../ui/Field";
import { FilterCounter } from "../../ui/FilterCounter";
import { Pagination } from "../../ui/Pagination";
import { PeriodSelector } from "../../ui/PeriodSelector";
import { SearchInput } from "../../ui/SearchInput";
import { Select } from "../../ui/Select";
import { SelectCompanyFirst } from "../../ui/SelectCompanyFirst";
import { Spinner } from "../../ui/Spinner";
import {
  consultoresProcessosQuery,
  processoQuery,
  processosQuery,
  profissionaisQuery,
  resumoProcessosQuery,
  type TAlvo,
} from "./api";
import { EditProcessDialog } from "./EditProcessDialog";
import { ProcessesTable } from "./ProcessesTable";
import { useProcessesRealtime } from "./useProcessesRealtime";

type TFiltro = Partial<TFiltroProcessos> & Pick<TFiltroProcessos, "ordem" | "direcao" | "pagina" | "periodo">;
const INICIAL: TFiltro = { periodo: "all", ordem: "updated_at", direcao: "desc", pagina: 1 };

/**
 * /processos ('Processos Jurídicos', 001 'Legal processes'): the company's legal processes for the Jurídico and the
 * company admin, who manage them; the platform admin reads any company's (?empresa={id}).
 */
export function ProcessesPage() {
  useDocumentTitle("Processos Jurídicos");
  const { usuario } = useSessaoAtual();
  const [params] = useSearchParams();
  if (!pode(usuario.papel, "juridico.processos")) {
    return <AccessDenied titulo={MSG.acessoNegadoTitulo} mensagem={MSG.apenasJuridicoGerenciaProcessos} />;
  }
  const empresaId = usuario.papel === PAPEL.plataforma ? params.get("empresa") : null;
  if (usuario.papel === PAPEL.plataforma && !empresaId) {
    return (
      <SelectCompanyFirst descricao="Abra os processos jurídicos de uma empresa, escolhendo-a no seletor “Empresa” do menu." />
    );
  }
  return <Processos alvo={{ empresaId }} podeEditar={pode(usuario.papel, "juridico.processos.gerenciar")} />;
}

function Processos({ alvo, podeEditar }: { alvo: TAlvo; podeEditar: boolean }) {
  useProcessesRealtime();
  const [filtro, setFiltro] = useState<TFiltro>(INICIAL);
  const mudar = (m: Partial<TFiltro>) => setFiltro((f) => ({ ...f, pagina: 1, ...m }));
  const [busca, setBusca] = useState("");
  const buscaAtrasada = useDebounce(busca, 300);
  const [aberto, setAberto] = useState<TProcesso | null>(null);
  // a link to one process (?processo={id}, e.g. from 'Meus prazos') opens its dialog
  const [params, setParams] = useSearchParams();
  const pedido = params.get("processo");
  const doLink = useQuery({ ...processoQuery(alvo, pedido ?? ""), enabled: !!pedido });
  useEffect(() => {
    if (!pedido || !doLink.data) return;
    setAberto(doLink.data);
    setParams(
      (p) => {
        p.delete("processo");
        return p;
      },
      { replace: true },
    );
  }, [pedido, doLink.data, setParams]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only typing (debounced) changes the search
  useEffect(() => {
    if ((buscaAtrasada.trim() || undefined) !== filtro.busca) mudar({ busca: buscaAtrasada.trim() || undefined });
  }, [buscaAtrasada]);

  const q = useQuery({ ...processosQuery(alvo, filtro), placeholderData: keepPreviousData });
  const profissionais = useQuery(profissionaisQuery(alvo));
  const consultores = useQuery(consultoresProcessosQuery(alvo));
  const resumo = useQuery({ ...resumoProcessosQuery(alvo, filtro), placeholderData: keepPreviousData });
  const contadores = resumo.data?.contadores;

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Processos Jurídicos</h1>
        <p className="mt-1 text-sm text-slate-600">Leads convertidos em acompanhamento pelo departamento jurídico.</p>
      </div>

      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7" aria-label="Processos por status jurídico">
        <FilterCounter
          rotulo="Total"
          valor={contadores?.total}
          ativo={!filtro.statusJuridico}
          onClick={() => mudar({ statusJuridico: undefined })}
        />
        {STATUS_JURIDICO.map((s) => (
          <FilterCounter
            key={s}
            rotulo={s}
            valor={contadores?.porStatus[s]}
            ativo={filtro.statusJuridico === s}
            onClick={() => mudar({ statusJuridico: filtro.statusJuridico === s ? undefined : s })}
          />
        ))}
      </ul>

      <Card className="space-y-3 p-4">
        <SearchInput
          aria-label="Buscar processos por nome, email ou telefone"
          placeholder="Buscar por nome, email ou telefone"
          value={busca}
          onChange={(e) => setBusca(e.target.value)}
        />
        <div className="flex flex-wrap items-end gap-3">
          <Field label="Status jurídico" className="w-full sm:w-56">
            <Select
              value={filtro.statusJuridico ?? ""}
              onChange={(e) => mudar({ statusJuridico: (e.target.value || undefined) as TStatusJuridico | undefined })}
            >
              <option value="">Todos</option>
              {STATUS_JURIDICO.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Profissional jurídico" className="w-full sm:w-56">
            <Select value={filtro.profissional ?? ""} onChange={(e) => mudar({ profissional: e.target.value || undefined })}>
              <option value="">Todos</option>
              <option value={SEM_PROFISSIONAL}>Não atribuído</option>
              {(profissionais.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.email}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Consultor" className="w-full sm:w-56">
            <Select value={filtro.consultor ?? ""} onChange={(e) => mudar({ consultor: e.target.value || undefined })}>
              <option value="">Todos</option>
              {(consultores.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.nome}
                </option>
              ))}
            </Select>
          </Field>
          <PeriodSelector value={filtro} onChange={(p) => mudar({ periodo: p.periodo, inicio: p.inicio, fim: p.fim })} />
        </div>
      </Card>

      {q.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner rotulo="Carregando processos" className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <Card>
          <EmptyState titulo={MSG.erroCarregarProcessos} acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>} />
        </Card>
      ) : (
        <div aria-busy={q.isFetching}>
          <ProcessesTable
            itens={q.data.itens}
            ordem={filtro}
            onOrdenar={(o) => mudar(o)}
            onAbrir={setAberto}
            podeEditar={podeEditar}
            vazio={<EmptyState icone={Scale} titulo={MSG.nenhumProcesso} className="py-2" />}
          />
        </div>
      )}
      {q.data && (
        <Pagination
          pagina={filtro.pagina}
          tamanho={filtro.tamanho ?? TAMANHO_PAGINA_PROCESSOS}
          total={
            resumo.data?.total ??
            (filtro.pagina - 1) * (filtro.tamanho ?? TAMANHO_PAGINA_PROCESSOS) + q.data.itens.length + (q.data.temMais ? 1 : 0)
          }
          onChange={(p) => setFiltro((f) => ({ ...f, pagina: p }))}
        />
      )}
      {aberto && <EditProcessDialog processo={aberto} alvo={alvo} podeEditar={podeEditar} onFechar={() => setAberto(null)} />}
    </div>
  );
}
