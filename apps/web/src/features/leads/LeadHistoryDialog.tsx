import { formatarDataHora } from "@crm/domain/format";
import type { TEventoHistorico } from "@crm/domain/schemas/leads";
import { useQuery } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import { Dialog } from "../../ui/Dialog";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { historicoQuery } from "./api";

type Props = { base: string; leadId: string; nome: string; onFechar: () => void };

const ROTULO_CAMPO: Record<string, string> = {
  status_lead: "Status",
  consultor_atribuido_id: "Consultor",
  status_juridico_lead: "Status jurídico",
  profissional_juridico_atribuido_id: "Profissional jurídico",
};

/** A lead's history: every status change and assignment, who made it and when, from → to. */
export function LeadHistoryDialog({ base, leadId, nome, onFechar }: Props) {
  const q = useQuery(historicoQuery(base, leadId));
  return (
    <Dialog open onOpenChange={(v) => !v && onFechar()} titulo={`Histórico de ${nome}`} className="max-w-2xl">
      {q.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner rotulo="Carregando histórico" className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <p className="text-sm text-red-700">Não foi possível carregar o histórico.</p>
      ) : q.data.length === 0 ? (
        <EmptyState titulo="Nenhuma alteração registrada" descricao="Mudanças de status e atribuições aparecem aqui." />
      ) : (
        <ol className="divide-y divide-slate-100">
          {q.data.map((e) => (
            <Evento key={e.id} e={e} />
          ))}
        </ol>
      )}
    </Dialog>
  );
}

function Evento({ e }: { e: TEventoHistorico }) {
  const vazio = e.campo === "consultor_atribuido_id" ? "Sem consultor" : "—";
  return (
    <li className="py-3 text-sm">
      <p className="font-medium text-slate-900">{ROTULO_CAMPO[e.campo] ?? e.campo}</p>
      <p className="mt-1 flex flex-wrap items-center gap-1.5 text-slate-800">
        <span>{e.deRotulo ?? vazio}</span>
        <ArrowRight className="size-3.5 text-slate-500" aria-label="para" />
        <span className="font-medium">{e.paraRotulo ?? vazio}</span>
      </p>
      {e.motivo && <p className="mt-1 text-slate-700">“{e.motivo}”</p>}
      <p className="mt-1 text-xs text-slate-600">
        {formatarDataHora(e.created_at)} · {e.usuario ?? (e.origem === "ia" ? "IA" : "Sistema")}
      </p>
    </li>
  );
}
