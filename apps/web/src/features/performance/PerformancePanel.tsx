import { formatarData } from "@crm/domain/format";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { PeriodSelector, SELECAO_PERIODO_PADRAO, type TSelecaoPeriodo } from "../../ui/PeriodSelector";
import { Spinner } from "../../ui/Spinner";
import { desempenhoQuery } from "./api";
import { PerformanceCards } from "./PerformanceCards";

/**
 * Period presets (000 §4) and the figures, used by /desempenho and the Consultor dashboard; `depois` shows more figures
 * of the same period under them (/desempenho's response times, decision 1883).
 */
export function PerformancePanel({ depois }: { depois?: (periodo: TSelecaoPeriodo) => ReactNode }) {
  const [periodo, setPeriodo] = useState<TSelecaoPeriodo>(SELECAO_PERIODO_PADRAO);
  const q = useQuery(desempenhoQuery(periodo));
  const fimInclusivo = (iso: string) => new Date(new Date(iso).getTime() - 1);
  return (
    <section className="space-y-4" aria-busy={q.isFetching}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PeriodSelector value={periodo} onChange={setPeriodo} />
        {q.data && (
          <p className="text-sm text-slate-600">
            {formatarData(q.data.intervalo.inicio)} a {formatarData(fimInclusivo(q.data.intervalo.fim))}, comparado com{" "}
            {formatarData(q.data.intervaloAnterior.inicio)} a {formatarData(fimInclusivo(q.data.intervaloAnterior.fim))}
          </p>
        )}
      </div>
      {q.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner rotulo="Carregando indicadores" className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <Card>
          <EmptyState
            titulo="Não foi possível carregar os indicadores."
            acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>}
          />
        </Card>
      ) : (
        <>
          {!q.data.vinculado && (
            <Alert tipo="aviso">
              Seu usuário ainda não está vinculado a um cadastro de consultor: os indicadores ficam zerados.
            </Alert>
          )}
          <PerformanceCards d={q.data} />
        </>
      )}
      {depois?.(periodo)}
    </section>
  );
}
