import { formatarDataHora, tempoRelativoNotificacao } from "@crm/domain/format";
import type { TNotificacao } from "@crm/domain/schemas/notifications";
import { ROTULO_TIPO_NOTIFICACAO } from "@crm/domain/status";
import { Check, MessageSquare } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { destinoDaNotificacao } from "./api";

/** A notification on /notificacoes, with its actions. */
export function NotificationRow({ n, onMarcarLida }: { n: TNotificacao; onMarcarLida: (id: string) => void }) {
  const destino = destinoDaNotificacao(n);
  return (
    <li className={cn("flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start", !n.lida && "bg-blue-50/60")}>
      <span className={cn("mt-1.5 hidden size-2 shrink-0 rounded-full sm:block", !n.lida && "bg-blue-600")} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className={cn("text-sm text-slate-900", !n.lida && "font-semibold")}>{n.titulo}</h2>
          <Badge>{ROTULO_TIPO_NOTIFICACAO[n.tipo] ?? n.tipo}</Badge>
          {!n.lida && <Badge variante="azul">Não lida</Badge>}
        </div>
        {n.conteudo && <p className="mt-1 text-sm text-slate-700">{n.conteudo}</p>}
        <time dateTime={n.created_at} title={formatarDataHora(n.created_at)} className="mt-1 block text-xs text-slate-600">
          {tempoRelativoNotificacao(n.created_at)}
        </time>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {destino && (
          <Button variant="outline" size="sm" asChild>
            <Link to={destino} onClick={() => !n.lida && onMarcarLida(n.id)}>
              <MessageSquare className="size-4" aria-hidden="true" />
              Abrir conversa
            </Link>
          </Button>
        )}
        {!n.lida && (
          <Button variant="ghost" size="sm" onClick={() => onMarcarLida(n.id)}>
            <Check className="size-4" aria-hidden="true" />
            Marcar como lida
          </Button>
        )}
      </div>
    </li>
  );
}
