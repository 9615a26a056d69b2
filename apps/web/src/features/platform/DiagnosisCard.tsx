import { TEXTO_DIAGNOSTICO as T, type TEstadoDiagnostico } from "@crm/domain/doctor";
import { formatarDataHoraSegundos } from "@crm/domain/format";
import { useQuery } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, CircleX, Stethoscope } from "lucide-react";
import { Badge, type TBadgeVariante } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { diagnosticoQuery } from "./api";

const VARIANTE: Record<TEstadoDiagnostico, TBadgeVariante> = { ok: "verde", aviso: "amarelo", erro: "vermelho" };
const ICONE = { ok: CircleCheck, aviso: CircleAlert, erro: CircleX } as const;
const COR = { ok: "text-green-700", aviso: "text-amber-700", erro: "text-red-700" } as const;

/**
 * The platform admin's face of `npm run doctor` on /configuracoes (decision 1858): every check with its state and,
 * when not ok, how to fix it, in pt-BR. Errors first, then warnings, so what needs a hand is read first.
 */
export function DiagnosisCard() {
  const q = useQuery(diagnosticoQuery);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Stethoscope className="size-4 text-blue-700" aria-hidden="true" />
          {T.titulo}
        </CardTitle>
        <p className="text-sm text-slate-600">{T.descricao}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        {q.isPending ? (
          <div className="flex items-center gap-2 py-6 text-sm text-slate-600">
            <Spinner rotulo={T.carregando} className="size-5 text-blue-700" />
            {T.carregando}
          </div>
        ) : q.isError ? (
          <EmptyState titulo={T.erro} acao={<Button onClick={() => q.refetch()}>{T.tentarDeNovo}</Button>} />
        ) : q.data.verificacoes.length === 0 ? (
          <EmptyState titulo={T.vazio} />
        ) : (
          <>
            <ul className="divide-y divide-slate-200" aria-label={T.titulo}>
              {ordenar(q.data.verificacoes).map((v) => {
                const Icone = ICONE[v.estado];
                return (
                  <li key={v.id} className="flex gap-3 py-3">
                    <Icone className={`mt-0.5 size-5 shrink-0 ${COR[v.estado]}`} aria-hidden="true" />
                    <div className="min-w-0 flex-1 space-y-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-medium text-slate-900">{v.titulo}</span>
                        <Badge variante={VARIANTE[v.estado]}>{T.estado[v.estado]}</Badge>
                      </div>
                      <p className="break-words text-sm text-slate-700">{v.detalhe}</p>
                      {v.correcao ? (
                        <p className="break-words text-sm text-slate-700">
                          <span className="font-medium">{T.correcao}:</span> {v.correcao}
                        </p>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-600">Verificado em {formatarDataHoraSegundos(q.data.verificadoEm)}.</p>
              <Button variant="outline" carregando={q.isFetching} onClick={() => q.refetch()}>
                {T.tentarDeNovo}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

const PESO: Record<TEstadoDiagnostico, number> = { erro: 0, aviso: 1, ok: 2 };
const ordenar = <V extends { estado: TEstadoDiagnostico }>(vs: V[]) =>
  vs
    .map((v, i) => [v, i] as const)
    .sort(([a, i], [b, j]) => PESO[a.estado] - PESO[b.estado] || i - j)
    .map(([v]) => v);
