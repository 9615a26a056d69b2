import { formatarData, formatarInteiro } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { PLANOS } from "@crm/domain/plans";
import type { TEmpresaCartao } from "@crm/domain/schemas/companies";
import { STATUS_ASSINATURA } from "@crm/domain/status";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Building2, Mail, MoreVertical, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ApiError } from "../../lib/api";
import { useSessaoAtual } from "../../lib/session";
import { useDebounce } from "../../lib/useDebounce";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../ui/DropdownMenu";
import { EmptyState } from "../../ui/EmptyState";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Pagination } from "../../ui/Pagination";
import { Select } from "../../ui/Select";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { CHAVE_EMPRESAS, empresasQuery, reativarEmpresa, suspenderEmpresa, type TFiltroEmpresasTela } from "./api";
import { CompanyFormDialog } from "./CompanyFormDialog";
import { CompanyStatusBadge } from "./CompanyStatusBadge";
import { DeleteCompanyDialog } from "./DeleteCompanyDialog";

/** /empresas (000 §2.11): the platform admin's companies; every company role gets the denial (and the server's 403). */
export function CompaniesPage() {
  useDocumentTitle("Empresas");
  const { usuario } = useSessaoAtual();
  if (!pode(usuario.papel, "empresas.gerenciar")) return <AccessDenied mensagem={MSG.acessoNegado} />;
  return <Empresas />;
}

function Empresas() {
  const qc = useQueryClient();
  const [filtro, setFiltro] = useState<TFiltroEmpresasTela>({ busca: "", status: "", plano: "", pagina: 1 });
  const busca = useDebounce(filtro.busca, 300);
  const q = useQuery(empresasQuery({ ...filtro, busca }));
  const [formulario, setFormulario] = useState<TEmpresaCartao | "nova" | null>(null);
  const [suspendendo, setSuspendendo] = useState<TEmpresaCartao | null>(null);
  const [excluindo, setExcluindo] = useState<TEmpresaCartao | null>(null);
  const atualizar = () => qc.invalidateQueries({ queryKey: CHAVE_EMPRESAS });

  async function suspender() {
    if (!suspendendo) return;
    try {
      await suspenderEmpresa(suspendendo.id);
      toast.success(MSG.empresaSuspensaComSucesso);
      await atualizar();
    } catch (e) {
      toast.error(e instanceof ApiError && e.status < 500 && e.status > 0 ? e.erro : MSG.erroSalvarEmpresa);
      throw e;
    }
  }
  async function reativar(e: TEmpresaCartao) {
    try {
      await reativarEmpresa(e.id);
      toast.success(MSG.empresaReativada);
      await atualizar();
    } catch (err) {
      toast.error(err instanceof ApiError && err.status < 500 && err.status > 0 ? err.erro : MSG.erroSalvarEmpresa);
    }
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Empresas</h1>
          <p className="mt-1 text-sm text-slate-600">Todas as empresas da plataforma, seus planos e números.</p>
        </div>
        <Button onClick={() => setFormulario("nova")}>
          <Plus className="size-4" aria-hidden="true" />
          Nova Empresa
        </Button>
      </div>

      <Card className="p-4">
        <div className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
          <Field label="Buscar empresas">
            <Input
              type="search"
              placeholder="Nome ou email de contato"
              value={filtro.busca}
              onChange={(e) => setFiltro((f) => ({ ...f, busca: e.target.value, pagina: 1 }))}
            />
          </Field>
          <Field label="Status">
            <Select value={filtro.status} onChange={(e) => setFiltro((f) => ({ ...f, status: e.target.value, pagina: 1 }))}>
              <option value="">Todos</option>
              {STATUS_ASSINATURA.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Plano">
            <Select value={filtro.plano} onChange={(e) => setFiltro((f) => ({ ...f, plano: e.target.value, pagina: 1 }))}>
              <option value="">Todos</option>
              {PLANOS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </Card>

      {q.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner rotulo={MSG.carregandoEmpresas} className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <Card>
          <EmptyState titulo={MSG.erroCarregarEmpresas} acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>} />
        </Card>
      ) : q.data.empresas.length === 0 ? (
        <Card>
          <EmptyState icone={Building2} titulo={MSG.nenhumaEmpresa} />
        </Card>
      ) : (
        <div className="space-y-4" aria-busy={q.isFetching}>
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Empresas">
            {q.data.empresas.map((e) => (
              <li key={e.id}>
                <CartaoEmpresa
                  empresa={e}
                  onEditar={() => setFormulario(e)}
                  onSuspender={() => setSuspendendo(e)}
                  onReativar={() => void reativar(e)}
                  onExcluir={() => setExcluindo(e)}
                />
              </li>
            ))}
          </ul>
          <Pagination
            pagina={q.data.pagina}
            tamanho={q.data.tamanho}
            total={q.data.total}
            onChange={(pagina) => setFiltro((f) => ({ ...f, pagina }))}
          />
        </div>
      )}

      <CompanyFormDialog empresa={formulario} onClose={() => setFormulario(null)} />
      <ConfirmDialog
        open={!!suspendendo}
        onOpenChange={(v) => !v && setSuspendendo(null)}
        titulo="Suspender Empresa"
        mensagem={suspendendo ? MSG.confirmarSuspensao(suspendendo.nome_empresa) : ""}
        rotuloConfirmar="Suspender"
        rotuloConfirmando="Suspendendo..."
        perigo
        onConfirmar={suspender}
      />
      <DeleteCompanyDialog
        empresa={excluindo}
        onClose={() => setExcluindo(null)}
        onExcluida={() => {
          setExcluindo(null);
          void atualizar();
        }}
      />
    </div>
  );
}

function CartaoEmpresa({
  empresa: e,
  onEditar,
  onSuspender,
  onReativar,
  onExcluir,
}: {
  empresa: TEmpresaCartao;
  onEditar: () => void;
  onSuspender: () => void;
  onReativar: () => void;
  onExcluir: () => void;
}) {
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-slate-900">
            <Link to={`/empresa/${e.id}`} className="hover:underline">
              {e.nome_empresa}
            </Link>
          </h2>
          <p className="flex min-w-0 items-center gap-1 text-sm text-slate-600">
            <Mail className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="min-w-0 truncate">{e.email_contato}</span>
          </p>
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Ações de ${e.nome_empresa}`}>
              <MoreVertical className="size-4" aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem asChild>
              <Link to={`/empresa/${e.id}`}>Ver detalhes</Link>
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={onEditar}>Editar</DropdownMenuItem>
            {e.status_assinatura === "Suspenso" ? (
              <DropdownMenuItem onSelect={onReativar}>Reativar</DropdownMenuItem>
            ) : (
              <DropdownMenuItem onSelect={onSuspender}>Suspender</DropdownMenuItem>
            )}
            <DropdownMenuItem perigo onSelect={onExcluir}>
              Excluir
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <div className="flex flex-wrap gap-2">
        <CompanyStatusBadge status={e.status_assinatura} />
        <span className="inline-flex items-center rounded-full bg-blue-100 px-2.5 py-0.5 text-xs font-medium text-blue-800">
          {e.plano_assinatura}
        </span>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center">
        <div className="rounded-md bg-slate-50 p-2">
          <dt className="text-xs text-slate-600">Usuários</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{formatarInteiro(e.totalUsuarios)}</dd>
        </div>
        <div className="rounded-md bg-slate-50 p-2">
          <dt className="text-xs text-slate-600">Leads</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{formatarInteiro(e.totalLeads)}</dd>
        </div>
        <div className="rounded-md bg-slate-50 p-2">
          <dt className="text-xs text-slate-600">Conversão</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{e.taxaConversao}%</dd>
        </div>
      </dl>
      <p className="mt-auto text-xs text-slate-600">Desde {formatarData(`${e.data_adesao}T12:00:00Z`)}</p>
    </Card>
  );
}
