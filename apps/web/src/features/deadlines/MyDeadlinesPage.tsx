import {
  MSG_PRAZOS,
  ROTULO_ESTADO_PRAZO,
  ROTULO_URGENCIA,
  type TUrgencia,
  URGENCIAS,
  urgenciaDoPrazo,
} from "@crm/domain/deadlines";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { PAPEL } from "@crm/domain/roles";
import {
  FILTRO_PERIODO_PRAZOS,
  ROTULO_PERIODO_PRAZOS,
  type TFiltroPrazos,
  TODOS_RESPONSAVEIS,
  type TPrazo,
} from "@crm/domain/schemas/deadlines";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Ban, CalendarClock, Check, Settings2 } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { mensagemDeErro } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Button, buttonClasses } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Field } from "../../ui/Field";
import { Select } from "../../ui/Select";
import { SelectCompanyFirst } from "../../ui/SelectCompanyFirst";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { CHAVE_PRAZOS, meusPrazosQuery, mudarEstadoPrazo, responsaveisQuery, type TAlvoPrazos } from "./api";
import { CancelDeadlineDialog } from "./CancelDeadlineDialog";
import { COR_URGENCIA, DeadlineStateBadge, diaBR, UrgencyBadge } from "./UrgencyBadge";
import { useDeadlinesRealtime } from "./useDeadlinesRealtime";

type TFiltro = Pick<TFiltroPrazos, "estado" | "periodo"> & { responsavel?: string };

/**
 * /prazos ('Meus prazos', decision 1106): the signed-in person's open deadlines by fatal date, grouped by urgency,
 * with filters (state, period, and the owner for admins), each linking to its process; and the open processes with
 * no next deadline. The platform admin reads a company's (?empresa={id}).
 */
export function MyDeadlinesPage() {
  useDocumentTitle("Meus prazos");
  const { usuario } = useSessaoAtual();
  const [params] = useSearchParams();
  if (!pode(usuario.papel, "prazos.ver")) {
    return <AccessDenied titulo={MSG.acessoNegadoTitulo} mensagem={MSG_PRAZOS.acessoNegadoPrazos} />;
  }
  const empresaId = usuario.papel === PAPEL.plataforma ? params.get("empresa") : null;
  if (usuario.papel === PAPEL.plataforma && !empresaId) {
    return <SelectCompanyFirst descricao="Abra os prazos de uma empresa, escolhendo-a no seletor “Empresa” do menu." />;
  }
  const admin = usuario.papel === PAPEL.admin || usuario.papel === PAPEL.plataforma;
  return (
    <Prazos
      alvo={{ empresaId }}
      admin={admin}
      podeConcluir={pode(usuario.papel, "prazos.gerenciar")}
      podeModelos={pode(usuario.papel, "prazos.modelos")}
    />
  );
}

function Prazos({
  alvo,
  admin,
  podeConcluir,
  podeModelos,
}: {
  alvo: TAlvoPrazos;
  admin: boolean;
  podeConcluir: boolean;
  podeModelos: boolean;
}) {
  const qc = useQueryClient();
  const [filtro, setFiltro] = useState<TFiltro>({ estado: "pendente", periodo: "todos" });
  const q = useQuery({ ...meusPrazosQuery(alvo, filtro), placeholderData: keepPreviousData });
  const responsaveis = useQuery({ ...responsaveisQuery(alvo), enabled: admin });
  const [ocupado, setOcupado] = useState<string | null>(null);
  const [cancelando, setCancelando] = useState<TPrazo | null>(null);
  useDeadlinesRealtime();

  const concluir = async (p: TPrazo) => {
    setOcupado(p.id);
    try {
      await mudarEstadoPrazo(p.id, "concluido");
      toast.success(MSG_PRAZOS.prazoConcluido);
      await qc.invalidateQueries({ queryKey: CHAVE_PRAZOS });
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG_PRAZOS.erroSalvarPrazo));
    } finally {
      setOcupado(null);
    }
  };

  const grupos: { chave: string; titulo: string; urgencia?: TUrgencia; itens: TPrazo[] }[] = [];
  if (q.data) {
    if (filtro.estado === "pendente") {
      for (const u of URGENCIAS) {
        const itens = q.data.prazos.filter((p) => urgenciaDoPrazo(p.data_fatal, q.data.hoje) === u);
        if (itens.length) grupos.push({ chave: u, titulo: ROTULO_URGENCIA[u], urgencia: u, itens });
      }
    } else if (q.data.prazos.length) {
      grupos.push({ chave: "todos", titulo: "Prazos", itens: q.data.prazos });
    }
  }
  const mostrarResponsavel = admin && filtro.responsavel !== undefined;

  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Meus prazos</h1>
          <p className="mt-1 text-sm text-slate-600">Prazos e tarefas dos processos jurídicos, pela data fatal.</p>
        </div>
        {podeModelos && (
          <Link to="/prazos/modelos" className={buttonClasses("outline", "md")}>
            <Settings2 className="size-4" aria-hidden="true" />
            Modelos de prazos
          </Link>
        )}
      </div>

      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Prazos pendentes por urgência">
        {URGENCIAS.map((u) => (
          <li key={u} className={cn("rounded-lg p-3 ring-1", COR_URGENCIA[u])}>
            <span className="text-xs font-semibold">{ROTULO_URGENCIA[u]}</span>
            <span className="mt-1 block text-xl font-bold tabular-nums">{q.data ? q.data.urgencias[u] : "—"}</span>
          </li>
        ))}
      </ul>

      <Card className="flex flex-wrap items-end gap-3 p-4">
        <Field label="Situação" className="w-full sm:w-44">
          <Select
            value={filtro.estado}
            onChange={(e) => setFiltro((f) => ({ ...f, estado: e.target.value as TFiltro["estado"] }))}
          >
            <option value="pendente">Pendentes</option>
            <option value="concluido">{ROTULO_ESTADO_PRAZO.concluido}s</option>
            <option value="cancelado">{ROTULO_ESTADO_PRAZO.cancelado}s</option>
            <option value="todos">Todos</option>
          </Select>
        </Field>
        <Field label="Período (data fatal)" className="w-full sm:w-48">
          <Select
            value={filtro.periodo}
            onChange={(e) => setFiltro((f) => ({ ...f, periodo: e.target.value as TFiltro["periodo"] }))}
          >
            {FILTRO_PERIODO_PRAZOS.map((p) => (
              <option key={p} value={p}>
                {ROTULO_PERIODO_PRAZOS[p]}
              </option>
            ))}
          </Select>
        </Field>
        {admin && (
          <Field label="Responsável" className="w-full sm:w-64">
            <Select
              value={filtro.responsavel ?? ""}
              onChange={(e) => setFiltro((f) => ({ ...f, responsavel: e.target.value || undefined }))}
            >
              <option value="">{alvo.empresaId ? "Todos" : "Eu"}</option>
              {!alvo.empresaId && <option value={TODOS_RESPONSAVEIS}>Todos</option>}
              {(responsaveis.data ?? []).map((r) => (
                <option key={r.id} value={r.id}>
                  {r.nome}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </Card>

      {q.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner rotulo={MSG_PRAZOS.carregandoPrazos} className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <Card>
          <EmptyState
            titulo={MSG_PRAZOS.erroCarregarPrazos}
            acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>}
          />
        </Card>
      ) : (
        <div className="space-y-4" aria-busy={q.isFetching}>
          {grupos.length === 0 ? (
            <Card>
              <EmptyState icone={CalendarClock} titulo={MSG_PRAZOS.nenhumPrazoEncontrado} />
            </Card>
          ) : (
            grupos.map((g) => (
              <section key={g.chave} aria-labelledby={`grupo-${g.chave}`}>
                <h2 id={`grupo-${g.chave}`} className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900">
                  {g.urgencia ? <UrgencyBadge urgencia={g.urgencia} /> : g.titulo}
                  <span className="text-slate-600">({g.itens.length})</span>
                </h2>
                <Card className="divide-y divide-slate-100 p-0">
                  <ul aria-label={g.titulo}>
                    {g.itens.map((p) => (
                      <li key={p.id} className="flex flex-wrap items-start justify-between gap-2 p-3 text-sm">
                        <div className="min-w-0 flex-1">
                          <p className="flex flex-wrap items-center gap-2">
                            <span className="font-medium break-words text-slate-900">{p.titulo}</span>
                            <DeadlineStateBadge estado={p.estado} dataFatal={p.data_fatal} hoje={q.data.hoje} />
                          </p>
                          <p className="mt-0.5 text-xs text-slate-700">
                            Data fatal {diaBR(p.data_fatal)} · Segurança {diaBR(p.data_seguranca)}
                            {mostrarResponsavel && ` · ${p.responsavel_nome ?? "Sem responsável"}`}
                          </p>
                          <Link
                            to={`/processos?processo=${p.processo_id}${alvo.empresaId ? `&empresa=${alvo.empresaId}` : ""}`}
                            className="mt-0.5 inline-block text-sm break-words text-blue-700 underline-offset-4 hover:underline"
                          >
                            Processo de {p.processo_nome}
                          </Link>
                        </div>
                        {podeConcluir && p.estado === "pendente" && (
                          <div className="flex shrink-0 flex-wrap gap-1">
                            <Button
                              size="sm"
                              variant="outline"
                              carregando={ocupado === p.id}
                              aria-label={`Concluir prazo ${p.titulo}`}
                              onClick={() => concluir(p)}
                            >
                              <Check className="size-4" aria-hidden="true" />
                              Concluir
                            </Button>
                            <Button
                              size="sm"
                              variant="outline"
                              aria-label={`Cancelar prazo ${p.titulo}`}
                              onClick={() => setCancelando(p)}
                            >
                              <Ban className="size-4" aria-hidden="true" />
                              Cancelar
                            </Button>
                          </div>
                        )}
                      </li>
                    ))}
                  </ul>
                </Card>
              </section>
            ))
          )}

          <section aria-labelledby="sem-proximo" className="space-y-2">
            <h2 id="sem-proximo" className="text-sm font-semibold text-slate-900">
              {MSG_PRAZOS.semProximoPrazoTitulo}
            </h2>
            {q.data.semProximo.length === 0 ? (
              <p className="text-sm text-slate-600">{MSG_PRAZOS.semProximoPrazoVazio}</p>
            ) : (
              <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                <p className="font-medium">{MSG_PRAZOS.semProximoPrazoAlerta(q.data.semProximo.length)}</p>
                <ul className="mt-1 space-y-1">
                  {q.data.semProximo.map((s) => (
                    <li key={s.id} className="break-words">
                      <Link
                        to={`/processos?processo=${s.id}${alvo.empresaId ? `&empresa=${alvo.empresaId}` : ""}`}
                        className="font-medium text-blue-800 underline underline-offset-2"
                      >
                        {s.nome}
                      </Link>{" "}
                      · {s.status_juridico_lead}
                      {s.profissional_nome ? ` · ${s.profissional_nome}` : ""}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </section>
        </div>
      )}
      <CancelDeadlineDialog
        prazo={cancelando}
        fechar={() => setCancelando(null)}
        aposCancelar={() => qc.invalidateQueries({ queryKey: CHAVE_PRAZOS })}
      />
    </div>
  );
}
