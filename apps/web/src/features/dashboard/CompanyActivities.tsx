import { TEXTO_DASHBOARD, type TTipoAtividadeEmpresa } from "@crm/domain/dashboard";
import { useQuery } from "@tanstack/react-query";
import { CircleCheckBig, Inbox, RefreshCw, Sparkles, UserPlus, Wifi } from "lucide-react";
import { ActivityList } from "../../ui/ActivityList";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { atividadesEmpresaQuery } from "./api";

const ICONE: Record<TTipoAtividadeEmpresa, typeof Inbox> = {
  lead_received: Inbox,
  lead_qualified: Sparkles,
  lead_assigned: UserPlus,
  consultant_connected: Wifi,
  lead_converted: CircleCheckBig,
};

/** Recent activities of the company (000 §2.10, §9): from the 5 newest leads, at most 10, with a refresh button. */
export function CompanyActivities() {
  const q = useQuery(atividadesEmpresaQuery);
  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>Atividades Recentes</CardTitle>
        <Button
          variant="outline"
          size="sm"
          onClick={() => q.refetch()}
          carregando={q.isFetching}
          aria-label="Atualizar atividades"
        >
          <RefreshCw className="size-4" aria-hidden="true" />
          {TEXTO_DASHBOARD.atualizar}
        </Button>
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner rotulo={TEXTO_DASHBOARD.carregando} className="size-5 text-blue-700" />
          </div>
        ) : q.isError ? (
          <EmptyState
            titulo={TEXTO_DASHBOARD.erroAtividades}
            acao={<Button onClick={() => q.refetch()}>{TEXTO_DASHBOARD.tentarNovamente}</Button>}
          />
        ) : q.data.atividades.length === 0 ? (
          <EmptyState icone={Inbox} titulo={TEXTO_DASHBOARD.semAtividades} />
        ) : (
          <ActivityList atividades={q.data.atividades} icones={ICONE} testId="atividades-empresa" />
        )}
      </CardContent>
    </Card>
  );
}
