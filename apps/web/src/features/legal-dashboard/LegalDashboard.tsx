import { formatarBRL, formatarDataHora, formatarInteiro } from "@crm/domain/format";
import { DICAS_DOCUMENTOS, tituloPainelJuridico } from "@crm/domain/legal-dashboard";
import { MSG } from "@crm/domain/messages";
import { contar } from "@crm/domain/plural";
import type { TAlertaJuridico, TPainelJuridico } from "@crm/domain/schemas/legal-dashboard";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2, CircleDollarSign, Clock, FileText, Folder, Lightbulb, Scale } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { useSessaoAtual } from "../../lib/session";
import { Button, buttonClasses } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { LegalStatusBadge } from "../../ui/LegalStatusBadge";
import { Spinner } from "../../ui/Spinner";
import { StatCard } from "../../ui/StatCard";
import { painelJuridicoQuery, type TAlvo } from "./api";
import { useLegalDashboardRealtime } from "./useLegalDashboardRealtime";

// recharts is the heaviest thing on the screen: its chunk loads after the figures
const LegalCharts = lazy(() => import("./LegalCharts"));

function Carregando({ rotulo }: { rotulo: string }) {
  return (
    <div className="flex justify-center py-12">
      <Spinner rotulo={rotulo} className="size-6 text-blue-700" />
    </div>
  );
}

/**
 * The legal dashboard (000 §2.14): /juridico for everybody who may read it, and the Jurídico's /dashboard.
 * 'Dashboard Jurídico' for the Jurídico, 'Departamento Jurídico' for the others; live.
 */
/** `titulo`: by default the signed-in person's (000 §2.14), computed here so /dashboard need not load these rules. */
export function LegalDashboard({ alvo, titulo }: { alvo: TAlvo; titulo?: string }) {
  const { usuario } = useSessaoAtual();
  useLegalDashboardRealtime();
  const q = useQuery(painelJuridicoQuery(alvo));
  const sufixo = alvo.empresaId ? `?empresa=${alvo.empresaId}` : "";
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{titulo ?? tituloPainelJuridico(usuario.papel)}</h1>
          <p className="mt-1 text-sm text-slate-600">Processos jurídicos, documentos e o que pede atenção hoje.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/processos${sufixo}`} className={buttonClasses("primary")}>
            Ver todos os processos
          </Link>
          <Link to="/documentos" className={buttonClasses("outline")}>
            Ver todos os documentos
          </Link>
        </div>
      </div>
      {q.isPending ? (
        <Carregando rotulo="Carregando painel jurídico" />
      ) : q.isError ? (
        <Card>
          <EmptyState
            titulo={MSG.erroCarregarPainelJuridico}
            acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>}
          />
        </Card>
      ) : (
        <Painel d={q.data} sufixo={sufixo} ocupado={q.isFetching} />
      )}
    </div>
  );
}

function Painel({ d, sufixo, ocupado }: { d: TPainelJuridico; sufixo: string; ocupado: boolean }) {
  const c = d.contadores;
  return (
    <section className="space-y-6" aria-busy={ocupado} aria-label="Indicadores jurídicos">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-5" aria-label="Contadores de processos">
        <li>
          <StatCard titulo="Total de Processos" valor={formatarInteiro(c.total)} icone={Scale} />
        </li>
        <li>
          <StatCard titulo="Em Andamento" valor={formatarInteiro(c.emAndamento)} icone={Clock} />
        </li>
        <li>
          <StatCard titulo="Finalizados" valor={formatarInteiro(c.finalizados)} icone={CheckCircle2} />
        </li>
        <li>
          <StatCard titulo="Pendentes" valor={formatarInteiro(c.pendentes)} icone={AlertTriangle} />
        </li>
        <li className="col-span-2 lg:col-span-1">
          <StatCard titulo="Valor Fechado Total" valor={formatarBRL(d.valorFechadoTotal)} icone={CircleDollarSign} />
        </li>
      </ul>

      <Alertas alertas={d.alertas} sufixo={sufixo} />

      <Suspense fallback={<Carregando rotulo="Carregando gráficos" />}>
        <LegalCharts d={d} />
      </Suspense>

      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <Card className="min-w-0">
          <CardHeader className="flex flex-row items-center justify-between gap-2">
            <CardTitle>Processos Recentes</CardTitle>
            <Link to={`/processos${sufixo}`} className="text-sm font-medium text-blue-700 hover:underline">
              Ver todos os processos
            </Link>
          </CardHeader>
          <CardContent>
            {d.processosRecentes.length === 0 ? (
              <EmptyState icone={Folder} titulo={MSG.nenhumProcesso} />
            ) : (
              <ul className="divide-y divide-slate-100" aria-label="Processos recentes">
                {d.processosRecentes.map((p) => (
                  <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                    <div className="min-w-0">
                      <p className="truncate font-medium text-slate-900">{p.nome}</p>
                      <p className="truncate text-xs text-slate-600">
                        {p.profissional_nome ?? "Sem profissional"} · {formatarDataHora(p.updated_at)}
                        {p.valor_contrato_fechado !== null && <> · {formatarBRL(p.valor_contrato_fechado)}</>}
                      </p>
                    </div>
                    <LegalStatusBadge status={p.status_juridico_lead} />
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardHeader className="flex flex-row items-center justify-between gap-2">
            <CardTitle>Documentos Recentes</CardTitle>
            <Link to="/documentos" className="text-sm font-medium text-blue-700 hover:underline">
              Ver todos os documentos
            </Link>
          </CardHeader>
          <CardContent>
            {d.documentosRecentes.length === 0 ? (
              <EmptyState icone={FileText} titulo={MSG.nenhumDocumento} />
            ) : (
              <ul className="divide-y divide-slate-100" aria-label="Documentos recentes">
                {d.documentosRecentes.map((doc) => (
                  <li key={doc.id} className="flex items-start gap-3 py-2.5">
                    <FileText className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
                    <div className="min-w-0">
                      <p className="truncate font-medium text-slate-900">{doc.nome_arquivo}</p>
                      <p className="truncate text-xs text-slate-600">
                        {doc.lead_nome} · {doc.usuario_nome ?? "—"} · {formatarDataHora(doc.data_upload)}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-2 text-xs text-slate-600">{contar(d.totalDocumentos, "documento", "documentos")} no total</p>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Lightbulb className="size-5 text-amber-600" aria-hidden="true" />
            Dicas de Documentos
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {DICAS_DOCUMENTOS.map((dica) => (
              <li key={dica}>{dica}</li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}

function Alertas({ alertas, sufixo }: { alertas: TAlertaJuridico[]; sufixo: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Alertas</CardTitle>
      </CardHeader>
      <CardContent>
        {alertas.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <CheckCircle2 className="size-4 text-green-700" aria-hidden="true" />
            {MSG.nenhumAlerta}
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" aria-label="Alertas">
            {alertas.map((a) => (
              <li
                key={a.chave}
                className={cn(
                  "rounded-md border p-3 text-sm",
                  a.nivel === "critico" ? "border-red-200 bg-red-50 text-red-900" : "border-amber-200 bg-amber-50 text-amber-950",
                )}
              >
                <p className="flex items-center gap-2 font-semibold">
                  <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
                  {a.titulo}
                </p>
                <p className="mt-1">{a.descricao}</p>
                <ul className="mt-2 space-y-0.5">
                  {a.processos.map((p) => (
                    <li key={p.id} className="flex justify-between gap-2">
                      <span className="min-w-0 truncate">{p.nome}</span>
                      <span className="shrink-0 tabular-nums">há {contar(p.dias, "dia", "dias")}</span>
                    </li>
                  ))}
                </ul>
                {a.quantidade > a.processos.length && (
                  <Link to={`/processos${sufixo}`} className="mt-2 inline-block font-medium underline">
                    e mais {a.quantidade - a.processos.length} em Processos
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
