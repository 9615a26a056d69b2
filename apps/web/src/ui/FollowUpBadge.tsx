import { formatarDataHora } from "@crm/domain/format";
import { CalendarClock } from "lucide-react";
import { Badge } from "./Badge";

/**
 * A lead's next follow-up (decision 1831), on the chat header and the board card: its São Paulo date and time, red
 * once overdue.
 */
export function FollowUpBadge({ venceEm, className }: { venceEm: string; className?: string }) {
  const atrasado = new Date(venceEm).getTime() < Date.now();
  return (
    <Badge variante={atrasado ? "vermelho" : "amarelo"} className={className}>
      <CalendarClock className="mr-1 size-3.5" aria-hidden="true" />
      {atrasado ? "Retorno atrasado: " : "Retorno: "}
      {formatarDataHora(venceEm)}
    </Badge>
  );
}
