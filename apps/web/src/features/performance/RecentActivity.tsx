import { tempoRelativo } from "@crm/domain/format";
import type { TAtividadeRecente } from "@crm/domain/schemas/performance";
import { useQuery } from "@tanstack/react-query";
import { ArrowRightLeft, CircleCheckBig, Inbox, Sparkles, UserMinus, UserPlus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { atividadesQuery } from "./api";

const ICONE: Record<TAtividadeRecente["tipo"], typeof Inbox> = {
  lead_assigned: UserPlus,
  lead_unassigned: UserMinus,
  lead_qualified: Sparkles,
  lead_converted: CircleCheckBig,
  status_change: ArrowRightLeft,
};

/** The Consultor dashboard's recent activity: real assignment and status events of their leads. */
export function RecentActivity() {
  const q = useQuery(atividadesQuery);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Atividades Recentes</CardTitle>
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner rotulo="Carregando atividades" className="size-5 text-blue-700" />
          </div>
        ) : q.isError ? (
          <EmptyState
            titulo="Não foi possível carregar as atividades."
            acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>}
          />
        ) : q.data.atividades.length === 0 ? (
          <EmptyState icone={Inbox} titulo="Nenhuma atividade recente" />
        ) : (
          <ul className="divide-y divide-slate-100">
            {q.data.atividades.map((a) => {
              const Icone = ICONE[a.tipo];
              return (
                <li key={a.id}>
                  <Link to={`/chat/${a.leadId}`} className="flex items-start gap-3 py-3 hover:bg-slate-50">
                    <Icone className="mt-0.5 size-4 shrink-0 text-blue-700" aria-hidden="true" />
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-medium text-slate-900">{a.titulo}</span>
                      <span className="block truncate text-sm text-slate-600">{a.descricao}</span>
                    </span>
                    <span className="shrink-0 text-xs text-slate-500">{tempoRelativo(a.timestamp)}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
