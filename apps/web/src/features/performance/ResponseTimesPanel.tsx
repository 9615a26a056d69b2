import { MSG_EXPEDIENTE } from "@crm/domain/business-hours";
import { formatarTempoResposta } from "@crm/domain/performance";
import type { TFiguraResposta, TTemposResposta } from "@crm/domain/schemas/business-hours";
import { useQuery } from "@tanstack/react-query";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import type { TSelecaoPeriodo } from "../../ui/PeriodSelector";
import { Spinner } from "../../ui/Spinner";
import { StatCard } from "../../ui/StatCard";
import { Table, TBody, Td, THead, Th, Tr } from "../../ui/Table";
import { temposRespostaQuery } from "./api";

const pct = (v: number | null) => (v === null ? "—" : `${v}%`);
const dataBR = (dia: string) => dia.split("-").reverse().join("/");

/** The headline figures: first and next responses, median and average, and the share within the target. */
function ResponseTimesCards({ d }: { d: TTemposResposta }) {
  const { primeira, seguintes } = d.total;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        titulo="Primeira resposta (mediana)"
        valor={formatarTempoResposta(primeira.medianaSeg)}
        rodape={`Média ${formatarTempoResposta(primeira.mediaSeg)} · ${primeira.respostas} leads`}
      />
      <StatCard
        titulo={`Primeira resposta em até ${d.metaMin} min`}
        valor={pct(primeira.naMetaPct)}
        rodape={`p95 ${formatarTempoResposta(primeira.p95Seg)}`}
      />
      <StatCard
        titulo="Próximas respostas (mediana)"
        valor={formatarTempoResposta(seguintes.medianaSeg)}
        rodape={`Média ${formatarTempoResposta(seguintes.mediaSeg)} · ${seguintes.respostas} respostas`}
      />
      <StatCard
        titulo={`Próximas respostas em até ${d.metaMin} min`}
        valor={pct(seguintes.naMetaPct)}
        rodape={`p95 ${formatarTempoResposta(seguintes.p95Seg)}`}
      />
    </div>
  );
}

const celulas = (f: TFiguraResposta) => (
  <>
    <Td className="tabular-nums">{f.respostas}</Td>
    <Td className="tabular-nums">{formatarTempoResposta(f.medianaSeg)}</Td>
    <Td className="tabular-nums">{formatarTempoResposta(f.mediaSeg)}</Td>
    <Td className="tabular-nums">{pct(f.naMetaPct)}</Td>
  </>
);
const CABECALHO = [
  "Primeiras respostas",
  "Mediana da primeira",
  "Média da primeira",
  "Primeira na meta",
  "Próximas respostas",
  "Mediana das próximas",
  "Média das próximas",
  "Próximas na meta",
];

function Tabela({
  rotulo,
  primeira,
  linhas,
}: {
  rotulo: string;
  primeira: string;
  linhas: { chave: string; nome: string; primeira: TFiguraResposta; seguintes: TFiguraResposta }[];
}) {
  return (
    <Table rotulo={rotulo}>
      <THead>
        <Tr>
          <Th>{primeira}</Th>
          {CABECALHO.map((c) => (
            <Th key={c}>{c}</Th>
          ))}
        </Tr>
      </THead>
      <TBody>
        {linhas.map((l) => (
          <Tr key={l.chave}>
            <Td className="font-medium whitespace-nowrap">{l.nome}</Td>
            {celulas(l.primeira)}
            {celulas(l.seguintes)}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

/**
 * 'Tempo de resposta' of /desempenho (decision 1883): from a lead's message to the consultant's next reply, in the
 * company's business hours only; per consultant (the admin sees every one) and per day.
 */
export function ResponseTimesPanel({ periodo, equipe }: { periodo: TSelecaoPeriodo; equipe: boolean }) {
  const q = useQuery(temposRespostaQuery(periodo));
  return (
    <section className="space-y-4" aria-labelledby="tempos-titulo" aria-busy={q.isFetching}>
      <div>
        <h2 id="tempos-titulo" className="text-lg font-semibold text-slate-900">
          Tempo de resposta
        </h2>
        <p className="text-sm text-slate-600">
          Da mensagem do lead até a resposta do consultor, contando só o horário de atendimento da empresa.
          {q.data && ` Meta: ${q.data.metaMin} min.`}
        </p>
      </div>
      {q.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner rotulo="Carregando tempos de resposta" className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <Card>
          <EmptyState
            titulo={MSG_EXPEDIENTE.erroTemposResposta}
            acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>}
          />
        </Card>
      ) : q.data.total.primeira.respostas + q.data.total.seguintes.respostas === 0 ? (
        <Card>
          <EmptyState titulo={MSG_EXPEDIENTE.semRespostas} />
        </Card>
      ) : (
        <>
          <ResponseTimesCards d={q.data} />
          {equipe && (
            <Card>
              <CardHeader>
                <CardTitle>Por consultor</CardTitle>
              </CardHeader>
              <CardContent>
                <Tabela
                  rotulo="Tempo de resposta por consultor"
                  primeira="Consultor"
                  linhas={q.data.consultores.map((c) => ({ chave: c.consultorId, ...c }))}
                />
              </CardContent>
            </Card>
          )}
          <Card>
            <CardHeader>
              <CardTitle>Por dia</CardTitle>
            </CardHeader>
            <CardContent>
              <Tabela
                rotulo="Tempo de resposta por dia"
                primeira="Dia"
                linhas={q.data.dias.map((d) => ({ chave: d.dia, nome: dataBR(d.dia), ...d }))}
              />
            </CardContent>
          </Card>
        </>
      )}
    </section>
  );
}
