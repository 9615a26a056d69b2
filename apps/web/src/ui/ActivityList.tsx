import { tempoRelativo } from "@crm/domain/format";
import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";

export type TAtividadeLista<T extends string> = {
  id: string;
  tipo: T;
  leadId: string;
  titulo: string;
  descricao: string;
  timestamp: string;
};

/** A dashboard's recent activities: each opens the lead's chat, with its kind's icon and how long ago it happened. */
export function ActivityList<T extends string>(props: {
  atividades: TAtividadeLista<T>[];
  icones: Record<T, LucideIcon>;
  testId?: string;
}) {
  return (
    <ul className="divide-y divide-slate-100" data-testid={props.testId}>
      {props.atividades.map((a) => {
        const Icone: LucideIcon = props.icones[a.tipo];
        return (
          <li key={a.id}>
            <Link to={`/chat/${a.leadId}`} className="flex items-start gap-3 py-3 hover:bg-slate-50">
              <Icone className="mt-0.5 size-4 shrink-0 text-blue-700" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium text-slate-900">{a.titulo}</span>
                <span className="block truncate text-sm text-slate-600">{a.descricao}</span>
              </span>
              <span className="shrink-0 text-xs text-slate-600">{tempoRelativo(a.timestamp)}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
