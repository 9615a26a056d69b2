import { CATEGORIAS, CATEGORIAS_DOCUMENTO, type TCategoriaDocumento } from "@crm/domain/documents";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { PAPEL } from "@crm/domain/roles";
import { TAMANHO_PAGINA_DOCUMENTOS, type TFiltroDocumentos } from "@crm/domain/schemas/documents";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { FileText } from "lucide-react";
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
import { Pagination } from "../../ui/Pagination";
import { PeriodSelector } from "../../ui/PeriodSelector";
import { SearchInput } from "../../ui/SearchInput";
import { Select } from "../../ui/Select";
import { SelectCompanyFirst } from "../../ui/SelectCompanyFirst";
import { Spinner } from "../../ui/Spinner";
import { documentosQuery, leadsComDocumentosQuery, type TAlvo } from "./api";
import { DocumentList } from "./DocumentList";
import { useDocumentsRealtime } from "./useDocumentsRealtime";

type TFiltro = Partial<TFiltroDocumentos> & Pick<TFiltroDocumentos, "pagina" | "periodo">;
const INICIAL: TFiltro = { periodo: "all", pagina: 1 };

/**
 * /documentos ('Documentos', 000 §2.9, §3): every document of the company, newest first, for the Jurídico and the
 * company admin; the platform admin reads any company's (?empresa={id}). Uploads happen in the process dialog.
 */
export function DocumentsPage() {
  useDocumentTitle("Documentos");
  const { usuario } = useSessaoAtual();
  const [params] = useSearchParams();
  if (!pode(usuario.papel, "juridico.documentos")) {
    return <AccessDenied titulo={MSG.acessoNegadoTitulo} mensagem={MSG.acessoNegadoDocumentos} />;
  }
  const empresaId = usuario.papel === PAPEL.plataforma ? params.get("empresa") : null;
  if (usuario.papel === PAPEL.plataforma && !empresaId) {
    return <SelectCompanyFirst descricao="Abra os documentos de uma empresa, escolhendo-a no seletor “Empresa” do menu." />;
  }
  return <Documentos alvo={{ empresaId }} />;
}

function Documentos({ alvo }: { alvo: TAlvo }) {
  useDocumentsRealtime();
  const [filtro, setFiltro] = useState<TFiltro>(INICIAL);
  const mudar = (m: Partial<TFiltro>) => setFiltro((f) => ({ ...f, pagina: 1, ...m }));
  const [busca, setBusca] = useState("");
  const buscaAtrasada = useDebounce(busca, 300);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only typing (debounced) changes the search
  useEffect(() => {
    if ((buscaAtrasada.trim() || undefined) !== filtro.busca) mudar({ busca: buscaAtrasada.trim() || undefined });
  }, [buscaAtrasada]);

  const q = useQuery({ ...documentosQuery(alvo, filtro), placeholderData: keepPreviousData });
  const leads = useQuery(leadsComDocumentosQuery(alvo));
  const tamanho = filtro.tamanho ?? TAMANHO_PAGINA_DOCUMENTOS;

  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Documentos</h1>
        <p className="mt-1 text-sm text-slate-600">
          Todos os documentos dos processos da empresa, dos mais recentes para os mais antigos.
        </p>
      </div>

      <Card className="space-y-3 p-4">
        <SearchInput
          aria-label="Buscar documentos por nome do arquivo, descrição ou lead"
          placeholder="Buscar por arquivo, descrição ou lead"
          value={busca}
          onChange={(e) => setBusca(e.target.value)}
        />
        <div className="flex flex-wrap items-end gap-3">
          <Field label="Lead" className="w-full sm:w-64">
            <Select value={filtro.leadId ?? ""} onChange={(e) => mudar({ leadId: e.target.value || undefined })}>
              <option value="">Todos</option>
              {(leads.data ?? []).map((l) => (
                <option key={l.id} value={l.id}>
                  {l.nome}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Tipo" className="w-full sm:w-48">
            <Select
              value={filtro.tipo ?? ""}
              onChange={(e) => mudar({ tipo: (e.target.value || undefined) as TCategoriaDocumento | undefined })}
            >
              <option value="">Todos</option>
              {CATEGORIAS.map((c) => (
                <option key={c} value={c}>
                  {CATEGORIAS_DOCUMENTO[c].rotulo}
                </option>
              ))}
            </Select>
          </Field>
          <PeriodSelector value={filtro} onChange={(p) => mudar({ periodo: p.periodo, inicio: p.inicio, fim: p.fim })} />
        </div>
      </Card>

      {q.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner rotulo="Carregando documentos" className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <Card>
          <EmptyState titulo={MSG.erroCarregarDocumentos} acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>} />
        </Card>
      ) : (
        <Card className="px-4 py-1" aria-busy={q.isFetching}>
          <DocumentList
            itens={q.data.itens}
            alvo={alvo}
            mostrarLead
            vazio={<EmptyState icone={FileText} titulo={MSG.nenhumDocumento} />}
          />
        </Card>
      )}
      {q.data && (
        <Pagination
          pagina={filtro.pagina}
          tamanho={tamanho}
          total={q.data.total}
          onChange={(p) => setFiltro((f) => ({ ...f, pagina: p }))}
        />
      )}
    </div>
  );
}
