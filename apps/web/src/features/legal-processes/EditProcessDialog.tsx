import { formatarBRL, formatarDataHora } from "@crm/domain/format";
import { formatarNumeroBR } from "@crm/domain/leads-money";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import type { TEventoHistorico } from "@crm/domain/schemas/leads";
import {
  type TEditarProcesso,
  type TEditarProcessoEntrada,
  type TProcesso,
  type TProcessoDetalhe,
  ZEditarProcesso,
} from "@crm/domain/schemas/processes";
import { STATUS_JURIDICO } from "@crm/domain/status";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { ApiError } from "../../lib/api";
import { aplicarErrosDoServidor } from "../../lib/formErrors";
import { useSessaoAtual } from "../../lib/session";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { LegalStatusBadge } from "../../ui/LegalStatusBadge";
import { Select } from "../../ui/Select";
import { Spinner } from "../../ui/Spinner";
import { Textarea } from "../../ui/Textarea";
import { toast } from "../../ui/toast";
import { ProcessDeadlines } from "../deadlines/ProcessDeadlines";
import { ProcessDocuments } from "../documents/ProcessDocuments";
import { LeadNotes } from "../notes/LeadNotes";
import { PreAnalysisCard } from "../revisional/PreAnalysisCard";
import { CHAVE_PROCESSOS, processoQuery, profissionaisQuery, salvarProcesso, type TAlvo } from "./api";

type Props = { processo: TProcesso; alvo: TAlvo; podeEditar: boolean; onFechar: () => void };

const CAMPOS = [
  "status_juridico_lead",
  "profissional_juridico_atribuido_id",
  "observacoes_juridicas",
  "valor_contrato_fechado",
] as const;

const valores = (p: TProcesso): TEditarProcessoEntrada => ({
  status_juridico_lead: p.status_juridico_lead,
  profissional_juridico_atribuido_id: p.profissional_id,
  observacoes_juridicas: p.observacoes_juridicas ?? "",
  valor_contrato_fechado: formatarNumeroBR(p.valor_contrato_fechado),
});

/** The edit dialog of /processos (001 §7): legal status, legal professional, notes, closed value, and the history. */
export function EditProcessDialog({ processo, alvo, podeEditar, onFechar }: Props) {
  const { usuario } = useSessaoAtual();
  const qc = useQueryClient();
  const detalhe = useQuery(processoQuery(alvo, processo.id));
  const profissionais = useQuery({ ...profissionaisQuery(alvo), enabled: podeEditar });
  const [erro, setErro] = useState<string | null>(null);
  const form = useForm<TEditarProcessoEntrada, unknown, TEditarProcesso>({
    resolver: zodResolver(ZEditarProcesso),
    defaultValues: valores(processo),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  // a colleague's change arriving while the dialog is open refreshes it, unless the person is typing
  useEffect(() => {
    if (detalhe.data && !isDirty) form.reset(valores(detalhe.data));
  }, [detalhe.data, isDirty, form]);

  const salvar = form.handleSubmit(async (dados) => {
    setErro(null);
    try {
      await salvarProcesso(processo.id, dados);
      toast.success(MSG.processoAtualizado);
      await qc.invalidateQueries({ queryKey: CHAVE_PROCESSOS });
      onFechar();
    } catch (e) {
      if (aplicarErrosDoServidor(e, form.setError, CAMPOS)) return;
      setErro(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.erro : MSG.erroAtualizarProcesso);
    }
  });

  const p: TProcesso | TProcessoDetalhe = detalhe.data ?? processo;
  // the current professional stays selectable even if no longer among the options (switched off, left the team)
  const opcoes = profissionais.data ?? [];
  const atualFora = p.profissional_id && !opcoes.some((o) => o.id === p.profissional_id);

  return (
    <Dialog
      open
      onOpenChange={(v) => !v && onFechar()}
      titulo={`Processo de ${processo.nome}`}
      descricao={`Valor do contrato: ${formatarBRL(p.valor_contrato)} · Consultor: ${p.consultor_nome ?? "Não atribuído"}`}
      className="max-w-2xl"
      rodape={
        podeEditar ? (
          <>
            <Button variant="outline" onClick={onFechar}>
              Cancelar
            </Button>
            <Button type="submit" form="form-processo" carregando={isSubmitting}>
              {isSubmitting ? "Salvando..." : "Salvar"}
            </Button>
          </>
        ) : (
          <Button variant="outline" onClick={onFechar}>
            Fechar
          </Button>
        )
      }
    >
      {podeEditar ? (
        <form id="form-processo" onSubmit={salvar} noValidate className="space-y-4">
          {erro && <Alert tipo="erro">{erro}</Alert>}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Status jurídico" erro={errors.status_juridico_lead?.message}>
              <Select {...form.register("status_juridico_lead")}>
                {STATUS_JURIDICO.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Profissional jurídico" erro={errors.profissional_juridico_atribuido_id?.message}>
              <Select {...form.register("profissional_juridico_atribuido_id", { setValueAs: (v) => (v ? v : null) })}>
                <option value="">Não atribuído</option>
                {atualFora && p.profissional_id && <option value={p.profissional_id}>{p.profissional_nome}</option>}
                {opcoes.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.nome === o.email ? o.email : `${o.nome} (${o.email})`}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Field label="Valor fechado" erro={errors.valor_contrato_fechado?.message} dica="Em reais, por exemplo 12.500,00">
            <Input inputMode="decimal" placeholder="R$ 0,00" {...form.register("valor_contrato_fechado")} />
          </Field>
          <Field label="Observações jurídicas" erro={errors.observacoes_juridicas?.message}>
            <Textarea rows={4} {...form.register("observacoes_juridicas")} />
          </Field>
        </form>
      ) : (
        <dl className="space-y-2 text-sm">
          <div className="flex flex-wrap justify-between gap-2">
            <dt className="text-slate-600">Status jurídico</dt>
            <dd>
              <LegalStatusBadge status={p.status_juridico_lead} />
            </dd>
          </div>
          <div className="flex flex-wrap justify-between gap-2">
            <dt className="text-slate-600">Profissional jurídico</dt>
            <dd className="font-medium">{p.profissional_nome ?? "Não atribuído"}</dd>
          </div>
          <div className="flex flex-wrap justify-between gap-2">
            <dt className="text-slate-600">Valor fechado</dt>
            <dd className="font-medium">{p.valor_contrato_fechado === null ? "—" : formatarBRL(p.valor_contrato_fechado)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Observações jurídicas</dt>
            <dd className="mt-1 whitespace-pre-wrap">{p.observacoes_juridicas ?? "—"}</dd>
          </div>
        </dl>
      )}
      <div className="mt-6 rounded-md border border-slate-200">
        <PreAnalysisCard leadId={processo.id} podeEditar={podeEditar} />
      </div>
      <ProcessDeadlines leadId={processo.id} alvo={alvo} podeEditar={podeEditar} />
      <ProcessDocuments leadId={processo.id} alvo={alvo} podeGerenciar={podeEditar} />
      {pode(usuario.papel, "notas.usar") && (
        <section className="mt-6" aria-labelledby="notas-processo">
          <h3 id="notas-processo" className="mb-2 text-sm font-semibold text-slate-900">
            Notas internas do atendimento
          </h3>
          <LeadNotes leadId={processo.id} />
        </section>
      )}
      <section className="mt-6" aria-labelledby="historico-processo">
        <h3 id="historico-processo" className="text-sm font-semibold text-slate-900">
          Histórico de alterações
        </h3>
        {detalhe.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner rotulo="Carregando histórico" className="size-5 text-blue-700" />
          </div>
        ) : detalhe.isError ? (
          <p className="mt-2 text-sm text-red-700">Não foi possível carregar o histórico.</p>
        ) : detalhe.data.historico.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nenhuma alteração registrada</p>
        ) : (
          <ol className="mt-1 divide-y divide-slate-100" aria-labelledby="historico-processo">
            {detalhe.data.historico.map((e) => (
              <Evento key={e.id} e={e} />
            ))}
          </ol>
        )}
      </section>
    </Dialog>
  );
}

function Evento({ e }: { e: TEventoHistorico }) {
  const status = e.campo === "status_juridico_lead";
  const vazio = status ? "—" : "Não atribuído";
  return (
    <li className="py-2 text-sm">
      <p className="font-medium text-slate-900">{status ? "Status jurídico" : "Profissional jurídico"}</p>
      <p className="mt-0.5 flex flex-wrap items-center gap-1.5 break-all text-slate-800">
        <span>{e.deRotulo ?? vazio}</span>
        <ArrowRight className="size-3.5 shrink-0 text-slate-500" aria-label="para" />
        <span className="font-medium">{e.paraRotulo ?? vazio}</span>
      </p>
      <p className="mt-0.5 text-xs text-slate-600">
        {formatarDataHora(e.created_at)} · {e.usuario ?? "Sistema"}
      </p>
    </li>
  );
}
