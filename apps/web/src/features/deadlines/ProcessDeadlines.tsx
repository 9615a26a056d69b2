import { MSG_PRAZOS } from "@crm/domain/deadlines";
import { formatarDataHora } from "@crm/domain/format";
import type { TPrazo, TSalvarPrazo } from "@crm/domain/schemas/deadlines";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Ban, CalendarPlus, Check, Pencil, RotateCcw, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import {
  CHAVE_PRAZOS,
  criarPrazo,
  definirAvisoCliente,
  editarPrazo,
  excluirPrazo,
  mudarEstadoPrazo,
  prazosDoProcessoQuery,
  type TAlvoPrazos,
} from "./api";
import { CancelDeadlineDialog } from "./CancelDeadlineDialog";
import { DeadlineForm } from "./DeadlineForm";
import { DeadlineStateBadge, diaBR } from "./UrgencyBadge";
import { useDeadlinesRealtime } from "./useDeadlinesRealtime";

type Props = { leadId: string; alvo: TAlvoPrazos; podeEditar: boolean };

/**
 * The 'Prazos' part of the process dialog (decision 1106): the process's deadlines with their urgency, add, edit,
 * complete, cancel (confirmed), reopen and delete, live to the others who have it open, and the client's opt-in for the WhatsApp notice of legal status changes.
 */
export function ProcessDeadlines({ leadId, alvo, podeEditar }: Props) {
  const qc = useQueryClient();
  const tituloId = useId();
  const q = useQuery(prazosDoProcessoQuery(alvo, leadId));
  const [novo, setNovo] = useState(false);
  const [editando, setEditando] = useState<string | null>(null);
  const [excluindo, setExcluindo] = useState<TPrazo | null>(null);
  const [cancelando, setCancelando] = useState<TPrazo | null>(null);
  const [ocupado, setOcupado] = useState<string | null>(null);
  const atualizar = () => qc.invalidateQueries({ queryKey: CHAVE_PRAZOS });
  useDeadlinesRealtime();

  const acao = async (id: string, fn: () => Promise<unknown>, ok: string) => {
    setOcupado(id);
    try {
      await fn();
      toast.success(ok);
      await atualizar();
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG_PRAZOS.erroSalvarPrazo));
    } finally {
      setOcupado(null);
    }
  };

  return (
    <section className="mt-6" aria-labelledby={tituloId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={tituloId} className="text-sm font-semibold text-slate-900">
          Prazos
        </h3>
        {podeEditar && !novo && (
          <Button size="sm" variant="outline" onClick={() => setNovo(true)}>
            <CalendarPlus className="size-4" aria-hidden="true" />
            Adicionar prazo
          </Button>
        )}
      </div>
      {novo && (
        <div className="mt-2">
          <DeadlineForm
            alvo={alvo}
            onCancelar={() => setNovo(false)}
            onSalvar={async (dados: TSalvarPrazo) => {
              await criarPrazo(leadId, dados);
              toast.success(MSG_PRAZOS.prazoCriado);
              setNovo(false);
              await atualizar();
            }}
          />
        </div>
      )}
      {q.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner rotulo={MSG_PRAZOS.carregandoPrazos} className="size-5 text-blue-700" />
        </div>
      ) : q.isError ? (
        <p className="mt-2 text-sm text-red-700">
          {MSG_PRAZOS.erroCarregarPrazos}{" "}
          <Button variant="link" size="sm" onClick={() => q.refetch()}>
            Tentar Novamente
          </Button>
        </p>
      ) : (
        <>
          {q.data.prazos.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{MSG_PRAZOS.nenhumPrazo}</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100" aria-label="Prazos do processo">
              {q.data.prazos.map((p) =>
                editando === p.id ? (
                  <li key={p.id} className="py-2">
                    <DeadlineForm
                      alvo={alvo}
                      prazo={p}
                      onCancelar={() => setEditando(null)}
                      onSalvar={async (dados) => {
                        await editarPrazo(p.id, dados);
                        toast.success(MSG_PRAZOS.prazoSalvo);
                        setEditando(null);
                        await atualizar();
                      }}
                    />
                  </li>
                ) : (
                  <li key={p.id} className="py-2 text-sm">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div className="min-w-0 flex-1">
                        <p className="flex flex-wrap items-center gap-2">
                          <span
                            className={p.estado === "pendente" ? "font-medium text-slate-900" : "text-slate-700 line-through"}
                          >
                            {p.titulo}
                          </span>
                          <DeadlineStateBadge estado={p.estado} dataFatal={p.data_fatal} hoje={q.data.hoje} />
                        </p>
                        <p className="mt-0.5 text-xs text-slate-700">
                          Data fatal {diaBR(p.data_fatal)} · Segurança {diaBR(p.data_seguranca)} ·{" "}
                          {p.responsavel_nome ?? "Sem responsável"}
                        </p>
                        {p.descricao && <p className="mt-0.5 break-words whitespace-pre-wrap text-slate-700">{p.descricao}</p>}
                        {p.estado === "concluido" && p.concluido_em && (
                          <p className="mt-0.5 text-xs text-slate-600">
                            Concluído em {formatarDataHora(p.concluido_em)} por {p.concluido_por_nome ?? "—"}
                          </p>
                        )}
                      </div>
                      {podeEditar && (
                        <div className="flex shrink-0 flex-wrap gap-1">
                          {p.estado === "pendente" ? (
                            <Button
                              size="sm"
                              variant="outline"
                              carregando={ocupado === p.id}
                              aria-label={`Concluir prazo ${p.titulo}`}
                              onClick={() => acao(p.id, () => mudarEstadoPrazo(p.id, "concluido"), MSG_PRAZOS.prazoConcluido)}
                            >
                              <Check className="size-4" aria-hidden="true" />
                              Concluir
                            </Button>
                          ) : null}
                          {p.estado === "pendente" ? (
                            <Button
                              size="sm"
                              variant="outline"
                              aria-label={`Cancelar prazo ${p.titulo}`}
                              onClick={() => setCancelando(p)}
                            >
                              <Ban className="size-4" aria-hidden="true" />
                              Cancelar
                            </Button>
                          ) : (
                            <Button
                              size="sm"
                              variant="outline"
                              carregando={ocupado === p.id}
                              aria-label={`Reabrir prazo ${p.titulo}`}
                              onClick={() => acao(p.id, () => mudarEstadoPrazo(p.id, "pendente"), MSG_PRAZOS.prazoReaberto)}
                            >
                              <RotateCcw className="size-4" aria-hidden="true" />
                              Reabrir
                            </Button>
                          )}
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`Editar prazo ${p.titulo}`}
                            onClick={() => setEditando(p.id)}
                          >
                            <Pencil className="size-4" aria-hidden="true" />
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`Excluir prazo ${p.titulo}`}
                            onClick={() => setExcluindo(p)}
                          >
                            <Trash2 className="size-4 text-red-700" aria-hidden="true" />
                          </Button>
                        </div>
                      )}
                    </div>
                  </li>
                ),
              )}
            </ul>
          )}
          <AvisoCliente leadId={leadId} ativo={q.data.avisoCliente} podeEditar={podeEditar} onMudou={atualizar} />
          {q.data.avisos.length > 0 && (
            <ul className="mt-2 space-y-1 text-xs text-slate-700" aria-label="Últimos avisos ao cliente">
              {q.data.avisos.map((a) => (
                <li key={a.id}>
                  {formatarDataHora(a.created_at)} · {a.status_juridico}:{" "}
                  <span className={a.resultado === "nao_enviado" ? "font-medium text-red-800" : "text-green-800"}>
                    {a.motivo}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <CancelDeadlineDialog prazo={cancelando} fechar={() => setCancelando(null)} aposCancelar={atualizar} />
      <ConfirmDialog
        open={!!excluindo}
        onOpenChange={(v) => !v && setExcluindo(null)}
        titulo="Excluir prazo"
        mensagem={MSG_PRAZOS.confirmarExcluirPrazo}
        rotuloConfirmar="Excluir"
        rotuloConfirmando="Excluindo..."
        perigo
        onConfirmar={async () => {
          if (!excluindo) return;
          try {
            await excluirPrazo(excluindo.id);
            toast.success(MSG_PRAZOS.prazoExcluido);
            setExcluindo(null);
            await atualizar();
          } catch (e) {
            toast.error(mensagemDeErro(e, MSG_PRAZOS.erroSalvarPrazo));
          }
        }}
      />
    </section>
  );
}

function AvisoCliente({
  leadId,
  ativo,
  podeEditar,
  onMudou,
}: {
  leadId: string;
  ativo: boolean;
  podeEditar: boolean;
  onMudou: () => unknown;
}) {
  const [salvando, setSalvando] = useState(false);
  return (
    <label className="mt-3 flex items-start gap-2 rounded-md border border-slate-200 p-2 text-sm text-slate-800">
      <input
        type="checkbox"
        className="mt-0.5 size-4 accent-blue-700"
        checked={ativo}
        disabled={!podeEditar || salvando}
        onChange={async (e) => {
          setSalvando(true);
          try {
            await definirAvisoCliente(leadId, e.target.checked);
            toast.success(e.target.checked ? MSG_PRAZOS.avisoClienteAtivado : MSG_PRAZOS.avisoClienteDesativado);
            await onMudou();
          } catch (err) {
            toast.error(mensagemDeErro(err, MSG_PRAZOS.erroSalvarPrazo));
          } finally {
            setSalvando(false);
          }
        }}
      />
      <span>Avisar o cliente por WhatsApp a cada mudança de etapa do processo (o cliente autorizou)</span>
    </label>
  );
}
