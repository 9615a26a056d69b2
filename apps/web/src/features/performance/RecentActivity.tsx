import type { TAtividadeRecente } from "@crm/domain/schemas/performance";
import { useQuery } from "@tanstack/react-query";
import { ArrowRightLeft, CircleCheckBig, Inbox, Sparkles, UserMinus, UserPlus } from "lucide-react";
import { ActivityList } from "../../ui/ActivityList";
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
          <ActivityList atividades={q.data.atividades} icones={ICONE} />
        )}
      </CardContent>
    </Card>
  );
}
