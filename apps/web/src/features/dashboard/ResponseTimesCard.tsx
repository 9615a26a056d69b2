import { MSG_EXPEDIENTE } from "@crm/domain/business-hours";
import { formatarTempoResposta } from "@crm/domain/performance";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import type { TSelecaoPeriodo } from "../../ui/PeriodSelector";
import { Spinner } from "../../ui/Spinner";
import { temposRespostaQuery } from "../performance/api";

const pct = (v: number | null) => (v === null ? "—" : `${v}%`);

/** The admin dashboard's 'Tempo de resposta' card (decision 1883): the team's figures of the period, in business hours. */
export function ResponseTimesCard({ periodo }: { periodo: TSelecaoPeriodo }) {
  const q = useQuery(temposRespostaQuery(periodo));
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Tempo de resposta</CardTitle>
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <Spinner rotulo="Carregando tempos de resposta" className="size-5 text-blue-700" />
        ) : q.isError ? (
          <div className="space-y-2">
            <p className="text-sm text-red-700">{MSG_EXPEDIENTE.erroTemposResposta}</p>
            <Button variant="outline" onClick={() => q.refetch()}>
              Tentar Novamente
            </Button>
          </div>
        ) : q.data.total.primeira.respostas + q.data.total.seguintes.respostas === 0 ? (
          <p className="text-sm text-slate-600">{MSG_EXPEDIENTE.semRespostas}</p>
        ) : (
          <dl className="grid grid-cols-2 gap-3 text-center">
            <div>
              <dt className="text-sm text-slate-600">Primeira resposta (mediana)</dt>
              <dd className="text-xl font-bold text-slate-900 tabular-nums">
                {formatarTempoResposta(q.data.total.primeira.medianaSeg)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Em até {q.data.metaMin} min</dt>
              <dd className="text-xl font-bold text-slate-900 tabular-nums">{pct(q.data.total.primeira.naMetaPct)}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Próximas respostas (mediana)</dt>
              <dd className="text-xl font-bold text-slate-900 tabular-nums">
                {formatarTempoResposta(q.data.total.seguintes.medianaSeg)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Em até {q.data.metaMin} min</dt>
              <dd className="text-xl font-bold text-slate-900 tabular-nums">{pct(q.data.total.seguintes.naMetaPct)}</dd>
            </div>
          </dl>
        )}
        <p className="mt-3 text-xs text-slate-600">
          Só no horário de atendimento.{" "}
          <Link to="/desempenho" className="font-medium text-blue-700 underline">
            Ver por consultor e por dia
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
