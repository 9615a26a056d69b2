import { formatarDataHora } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import type { TFiltroHistoricoIa, TItemHistoricoIa } from "@crm/domain/schemas/screening";
import { ROTULO_DECISAO, ROTULO_MOTOR, STATUS_ANALISE_MANUAL, STATUS_REVISAVEIS } from "@crm/domain/screening";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { History } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { mensagemDeErro } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Field } from "../../ui/Field";
import { Pagination } from "../../ui/Pagination";
import { Select } from "../../ui/Select";
import { Spinner } from "../../ui/Spinner";
import { Table, TBody, Td, THead, Th, Tr } from "../../ui/Table";
import { toast } from "../../ui/toast";
import { CHAVE_TRIAGEM, historicoQuery, type TAlvo, triarNovamente } from "./api";
import { DecisionBadge } from "./DecisionBadge";
import { FactsList } from "./FactsList";
import { ReviewDialog } from "./ReviewDialog";

const DECISOES = ["qualificado", "rejeitado", "duvidas", "erro"] as const;

function Decisao({ item }: { item: TItemHistoricoIa }) {
  return (
    <div className="space-y-1">
      <DecisionBadge decisao={item.decisao} />
      {item.revisao && (
        <p className="text-xs text-slate-700">
          Revisado por {item.revisao.por ?? "usuário removido"} em {formatarDataHora(item.revisao.em)}:{" "}
          <strong>{ROTULO_DECISAO[item.revisao.decisao]}</strong> — {item.revisao.motivo}
        </p>
      )}
    </div>
  );
}

/** The screening history: lead, decision, reason, extracted facts, screener, when; review and re-screen actions. */
export function ScreeningHistory({ alvo }: { alvo: TAlvo }) {
  const qc = useQueryClient();
  const [filtro, setFiltro] = useState<TFiltroHistoricoIa>({ pagina: 1, tamanho: 20 });
  const [revisando, setRevisando] = useState<TItemHistoricoIa | null>(null);
  const q = useQuery({ ...historicoQuery(alvo, filtro), placeholderData: keepPreviousData });
  const retriar = useMutation({
    mutationFn: (leadId: string) => triarNovamente(alvo, leadId),
    onSuccess: (r) => {
      toast.success(r.mensagem);
      void qc.invalidateQueries({ queryKey: CHAVE_TRIAGEM });
    },
    onError: (e) => toast.error(mensagemDeErro(e, MSG.erroInternoProcessarMensagem)),
  });

  return (
    <Card aria-busy={q.isFetching}>
      <CardHeader className="flex-row flex-wrap items-end justify-between gap-3">
        <CardTitle>Histórico de triagens</CardTitle>
        <Field label="Decisão" className="w-48">
          <Select
            value={filtro.decisao ?? ""}
            onChange={(e) =>
              setFiltro({ ...filtro, pagina: 1, decisao: (e.target.value || undefined) as TFiltroHistoricoIa["decisao"] })
            }
          >
            <option value="">Todas</option>
            {DECISOES.map((d) => (
              <option key={d} value={d}>
                {ROTULO_DECISAO[d]}
              </option>
            ))}
          </Select>
        </Field>
      </CardHeader>
      <CardContent className="space-y-4">
        {q.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner rotulo="Carregando histórico" className="size-6 text-blue-700" />
          </div>
        ) : q.isError ? (
          <EmptyState
            titulo="Não foi possível carregar o histórico."
            acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>}
          />
        ) : !q.data.itens.length ? (
          <EmptyState
            icone={History}
            titulo={MSG.nenhumaTriagem}
            descricao="As decisões aparecem aqui quando os leads escrevem pelo WhatsApp."
          />
        ) : (
          <Table>
            <THead>
              <tr>
                <Th>Lead</Th>
                <Th>Decisão</Th>
                <Th>Motivo</Th>
                <Th>Fatos extraídos</Th>
                <Th>Quando</Th>
                <Th>
                  <span className="sr-only">Ações</span>
                </Th>
              </tr>
            </THead>
            <TBody>
              {q.data.itens.map((item) => {
                const revisavel = item.ultima && (STATUS_REVISAVEIS as readonly string[]).includes(item.statusLead);
                const podeRetriar = item.ultima && item.decisao === "erro" && item.statusLead === STATUS_ANALISE_MANUAL;
                return (
                  <Tr key={item.id}>
                    <Td>
                      <Link to={`/chat/${item.leadId}`} className="font-medium text-blue-700 hover:underline">
                        {item.leadNome}
                      </Link>
                      <p className="text-xs text-slate-600">{item.statusLead}</p>
                    </Td>
                    <Td>
                      <Decisao item={item} />
                    </Td>
                    <Td className="max-w-sm">
                      <p>{item.motivo || item.erro || "—"}</p>
                      {item.proximaPergunta && (
                        <p className="mt-1 text-xs text-slate-600">Pergunta enviada: “{item.proximaPergunta}”</p>
                      )}
                      <p className="mt-1 text-xs text-slate-500">
                        {ROTULO_MOTOR[item.motor]}
                        {item.modelo ? ` · ${item.modelo}` : ""}
                      </p>
                    </Td>
                    <Td>
                      <FactsList fatos={item.fatos} />
                    </Td>
                    <Td className="whitespace-nowrap">{formatarDataHora(item.quando)}</Td>
                    <Td>
                      <div className="flex flex-col items-end gap-1">
                        {revisavel && (
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => setRevisando(item)}
                            aria-label={`Revisar decisão de ${item.leadNome}`}
                          >
                            Revisar
                          </Button>
                        )}
                        {podeRetriar && (
                          <Button
                            size="sm"
                            variant="ghost"
                            carregando={retriar.isPending && retriar.variables === item.leadId}
                            onClick={() => retriar.mutate(item.leadId)}
                          >
                            Triar novamente
                          </Button>
                        )}
                      </div>
                    </Td>
                  </Tr>
                );
              })}
            </TBody>
          </Table>
        )}
        {q.data && (
          <Pagination
            pagina={q.data.pagina}
            tamanho={q.data.tamanho}
            total={q.data.total}
            onChange={(p) => setFiltro({ ...filtro, pagina: p })}
          />
        )}
      </CardContent>
      <ReviewDialog item={revisando} alvo={alvo} onClose={() => setRevisando(null)} />
    </Card>
  );
}
