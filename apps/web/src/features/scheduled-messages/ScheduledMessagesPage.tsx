import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import {
  MSG_AGENDADAS,
  ROTULO_STATUS_AGENDAMENTO,
  STATUS_AGENDAMENTO,
  type TStatusAgendamento,
} from "@crm/domain/scheduled-messages";
import type { TAgendamento } from "@crm/domain/schemas/scheduled-messages";
import { useQuery } from "@tanstack/react-query";
import { Clock } from "lucide-react";
import { useState } from "react";
import { useRealtimeRefetch } from "../../lib/RealtimeProvider";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Field } from "../../ui/Field";
import { Select } from "../../ui/Select";
import { Spinner } from "../../ui/Spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui/Tabs";
import { agendamentosQuery, CHAVE_AGENDADAS } from "./api";
import { ScheduleItem } from "./ScheduleItem";

/**
 * /mensagens-agendadas (decision 1885): the consultant's own scheduled messages; an admin also the whole company's.
 * Pending first by due time, then the rest newest first, each with its state and reason; pending ones edited or
 * cancelled here. Live: the sweep's sends and the lead's writing first refresh it.
 */
export function ScheduledMessagesPage() {
  useDocumentTitle(MSG_AGENDADAS.titulo);
  const { usuario } = useSessaoAtual();
  const [escopo, setEscopo] = useState<"minhas" | "todas">("minhas");
  const [status, setStatus] = useState<TStatusAgendamento | "">("");
  useRealtimeRefetch(CHAVE_AGENDADAS, ["agendamentos.alterados"]);
  if (!pode(usuario.papel, "agendamentos.usar"))
    return <AccessDenied titulo={MSG.acessoNegadoTitulo} mensagem={MSG_AGENDADAS.acessoNegado} />;
  const todas = pode(usuario.papel, "agendamentos.todos");
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{MSG_AGENDADAS.titulo}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {escopo === "todas" ? MSG_AGENDADAS.subtituloAdmin : MSG_AGENDADAS.subtituloConsultor} Horários de Brasília.
        </p>
      </div>
      <div className="flex flex-wrap items-end justify-end gap-3">
        <Field label={MSG_AGENDADAS.filtroStatus} className="w-44">
          <Select value={status} onChange={(e) => setStatus(e.target.value as TStatusAgendamento | "")}>
            <option value="">{MSG_AGENDADAS.todas}</option>
            {STATUS_AGENDAMENTO.map((s) => (
              <option key={s} value={s}>
                {ROTULO_STATUS_AGENDAMENTO[s]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {todas ? (
        // each tab's panel holds its list, so the tab's aria-controls names a panel that exists
        <Tabs value={escopo} onValueChange={(v) => setEscopo(v as "minhas" | "todas")}>
          <TabsList aria-label="Quais mensagens">
            <TabsTrigger value="minhas">Minhas</TabsTrigger>
            <TabsTrigger value="todas">Da empresa</TabsTrigger>
          </TabsList>
          <TabsContent value="minhas">
            <Lista escopo="minhas" status={status} />
          </TabsContent>
          <TabsContent value="todas">
            <Lista escopo="todas" status={status} />
          </TabsContent>
        </Tabs>
      ) : (
        <Lista escopo="minhas" status={status} />
      )}
    </div>
  );
}

function Lista({ escopo, status }: { escopo: "minhas" | "todas"; status: TStatusAgendamento | "" }) {
  const q = useQuery(agendamentosQuery(escopo, status));
  if (q.isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner rotulo={MSG_AGENDADAS.carregando} className="size-6 text-blue-700" />
      </div>
    );
  if (q.isError)
    return (
      <Card>
        <EmptyState titulo={MSG_AGENDADAS.erroCarregar} acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>} />
      </Card>
    );
  if (!q.data.itens.length)
    return (
      <Card>
        <EmptyState icone={Clock} titulo={MSG_AGENDADAS.semAgendadas} />
      </Card>
    );
  return (
    <section aria-labelledby="agendadas-titulo" className="space-y-2">
      <h2 id="agendadas-titulo" className="text-sm font-semibold text-slate-700">
        {q.data.total} {q.data.total === 1 ? "mensagem" : "mensagens"}
      </h2>
      <ul className="space-y-2">
        {q.data.itens.map((a: TAgendamento) => (
          <ScheduleItem key={a.id} agendamento={a} comLead comAutor={escopo === "todas"} />
        ))}
      </ul>
    </section>
  );
}
