import { tempoRelativoNotificacao } from "@crm/domain/format";
import type { TNotificacao } from "@crm/domain/schemas/notifications";
import { cn } from "../../lib/cn";

/** The content of one bell entry: unread ones are marked (dot, bold, 'Não lida' for screen readers). */
export function NotificationItem({ n }: { n: TNotificacao }) {
  return (
    <>
      <span className={cn("mt-1.5 size-2 shrink-0 rounded-full", n.lida ? "bg-transparent" : "bg-blue-600")} aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <span className={cn("block text-sm text-slate-900", !n.lida && "font-semibold")}>
          {!n.lida && <span className="sr-only">Não lida: </span>}
          {n.titulo}
        </span>
        {n.conteudo && <span className="mt-0.5 line-clamp-2 block text-sm text-slate-700">{n.conteudo}</span>}
        <time dateTime={n.created_at} className="mt-1 block text-xs text-slate-600">
          {tempoRelativoNotificacao(n.created_at)}
        </time>
      </span>
    </>
  );
}
