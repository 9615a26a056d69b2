import { MSG_AGENDADAS } from "@crm/domain/scheduled-messages";
import { useQuery } from "@tanstack/react-query";
import { Clock } from "lucide-react";
import { useRealtimeRefetch } from "../../lib/RealtimeProvider";
import { agendamentosDoLeadQuery, CHAVE_AGENDADAS } from "./api";
import { ScheduleItem } from "./ScheduleItem";

/**
 * The lead's pending scheduled messages, above the chat's composer (decision 1885): nothing when there are none;
 * collapsed to a line that opens the list. Live: a send, a cancel or the lead writing first refreshes it.
 */
export function LeadSchedules({ leadId }: { leadId: string }) {
  const q = useQuery(agendamentosDoLeadQuery(leadId));
  useRealtimeRefetch(CHAVE_AGENDADAS, ["agendamentos.alterados"]);
  if (q.isError)
    return (
      <p className="border-t border-slate-200 bg-white px-3 py-1.5 text-xs text-red-800" role="alert">
        {MSG_AGENDADAS.erroCarregar}
      </p>
    );
  if (!q.data?.length) return null;
  return (
    <details className="border-t border-slate-200 bg-blue-50 px-3 py-1.5" data-testid="agendadas-do-lead">
      <summary className="flex cursor-pointer items-center gap-2 text-sm font-medium text-blue-900">
        <Clock className="size-4" aria-hidden="true" />
        {q.data.length === 1 ? "1 mensagem agendada" : `${q.data.length} mensagens agendadas`}
      </summary>
      <ul className="mt-2 max-h-60 space-y-2 overflow-y-auto">
        {q.data.map((a) => (
          <ScheduleItem key={a.id} agendamento={a} comAutor />
        ))}
      </ul>
    </details>
  );
}
