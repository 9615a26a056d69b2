import { MSG_TAREFAS, type TEscopoTarefas, tarefaAtrasada } from "@crm/domain/follow-ups";
import { formatarDataHora } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import type { TTarefa } from "@crm/domain/schemas/follow-ups";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Ban, CalendarClock, Check, MessageSquare } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { mensagemDeErro } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Button, buttonClasses } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui/Tabs";
import { toast } from "../../ui/toast";
import { CHAVE_TAREFAS, fecharTarefa, tarefasQuery } from "./api";

/**
 * /retornos ('Meus retornos', decision 1831): the person's open follow-ups by due time, overdue in red, each opening
 * its lead's chat; done or cancelled from here. An admin also has every consultant's overdue ones.
 */
export function MyFollowUpsPage() {
  useDocumentTitle("Meus retornos");
  const { usuario } = useSessaoAtual();
  const [escopo, setEscopo] = useState<TEscopoTarefas>("minhas");
  if (!pode(usuario.papel, "tarefas.usar"))
    return <AccessDenied titulo={MSG.acessoNegadoTitulo} mensagem={MSG_TAREFAS.acessoNegado} />;
  const todas = pode(usuario.papel, "tarefas.todas");
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Meus retornos</h1>
        <p className="mt-1 text-sm text-slate-600">Retornos e tarefas agendados, pela hora marcada (horário de Brasília).</p>
      </div>
      {todas ? (
        <Tabs value={escopo} onValueChange={(v) => setEscopo(v as TEscopoTarefas)}>
          <TabsList aria-label="Quais retornos">
            <TabsTrigger value="minhas">Meus retornos</TabsTrigger>
            <TabsTrigger value="atrasadas_todos">Atrasados da equipe</TabsTrigger>
          </TabsList>
          <TabsContent value="minhas">
            <ListaRetornos escopo="minhas" />
          </TabsContent>
          <TabsContent value="atrasadas_todos">
            <ListaRetornos escopo="atrasadas_todos" />
          </TabsContent>
        </Tabs>
      ) : (
        <ListaRetornos escopo="minhas" />
      )}
    </div>
  );
}

function ListaRetornos({ escopo }: { escopo: TEscopoTarefas }) {
  const qc = useQueryClient();
  const q = useQuery(tarefasQuery(escopo));
  const [ocupado, setOcupado] = useState<string | null>(null);
  const fechar = async (t: TTarefa, estado: "concluida" | "cancelada") => {
    setOcupado(t.id);
    try {
      await fecharTarefa(t.id, estado);
      toast.success(estado === "concluida" ? MSG_TAREFAS.concluida : MSG_TAREFAS.cancelada);
      await qc.invalidateQueries({ queryKey: CHAVE_TAREFAS });
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG_TAREFAS.erroFechar));
    } finally {
      setOcupado(null);
    }
  };

  if (q.isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner rotulo={MSG_TAREFAS.carregando} className="size-6 text-blue-700" />
      </div>
    );
  if (q.isError)
    return (
      <Card>
        <EmptyState titulo={MSG_TAREFAS.erroCarregar} acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>} />
      </Card>
    );
  if (!q.data.itens.length)
    return (
      <Card>
        <EmptyState icone={CalendarClock} titulo={escopo === "minhas" ? MSG_TAREFAS.semRetornos : MSG_TAREFAS.semAtrasados} />
      </Card>
    );
  const agora = new Date();
  return (
    <section aria-labelledby="retornos-titulo" className="space-y-2">
      <h2 id="retornos-titulo" className="text-sm font-semibold text-slate-700">
        {q.data.itens.length} {q.data.itens.length === 1 ? "retorno" : "retornos"}
        {q.data.atrasadas > 0 && <span className="text-red-700"> · {q.data.atrasadas} atrasado(s)</span>}
      </h2>
      <ul className="space-y-2">
        {q.data.itens.map((t) => {
          const atrasada = tarefaAtrasada(t, agora);
          return (
            <li
              key={t.id}
              className={cn(
                "flex flex-wrap items-center gap-3 rounded-lg border bg-white p-3",
                atrasada ? "border-red-300 bg-red-50" : "border-slate-200",
              )}
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">
                  {t.titulo} · <span className="break-words">{t.lead_nome}</span>
                </p>
                <p className={cn("text-sm", atrasada ? "font-semibold text-red-800" : "text-slate-600")}>
                  {atrasada ? "Atrasado desde " : ""}
                  {formatarDataHora(t.vence_em)}
                  {escopo === "atrasadas_todos" && t.responsavel_nome ? ` · ${t.responsavel_nome}` : ""}
                </p>
                {t.nota && <p className="mt-1 text-sm break-words text-slate-700">{t.nota}</p>}
              </div>
              <div className="flex flex-wrap gap-2">
                <Link to={`/chat/${t.lead_id}`} className={buttonClasses("outline", "sm")}>
                  <MessageSquare className="size-4" aria-hidden="true" />
                  Abrir chat
                </Link>
                <Button size="sm" variant="outline" carregando={ocupado === t.id} onClick={() => fechar(t, "concluida")}>
                  <Check className="size-4" aria-hidden="true" />
                  Concluir
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={ocupado === t.id}
                  onClick={() => fechar(t, "cancelada")}
                  aria-label={`Cancelar retorno de ${t.lead_nome}`}
                >
                  <Ban className="size-4" aria-hidden="true" />
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
