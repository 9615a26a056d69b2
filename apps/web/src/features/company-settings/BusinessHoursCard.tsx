import { DIAS_DA_SEMANA, MSG_EXPEDIENTE } from "@crm/domain/business-hours";
import { type THorarioAtendimento, type THorarioAtendimentoForm, ZHorarioAtendimento } from "@crm/domain/schemas/business-hours";
import { zodResolver } from "@hookform/resolvers/zod";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { ApiError, api } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { Field } from "../../ui/Field";
import { FieldError } from "../../ui/FieldError";
import { Input } from "../../ui/Input";
import { Spinner } from "../../ui/Spinner";
import { Textarea } from "../../ui/Textarea";
import { toast } from "../../ui/toast";
import { HolidaysSection } from "./HolidaysSection";

const horarioQuery = queryOptions({
  queryKey: ["empresa", "horario"],
  queryFn: ({ signal }) => api<THorarioAtendimento>("/api/empresa/horario", { signal }),
});

/**
 * 'Horário de atendimento' (decisions 1881-1883): the opening hours of each weekday (São Paulo time), the away message
 * sent outside them, the response-time target, and the company's holidays.
 */
export function BusinessHoursCard() {
  const q = useQuery(horarioQuery);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Horário de atendimento</CardTitle>
        <p className="text-sm text-slate-600">
          Horário de Brasília. Fora dele (e nos feriados), a mensagem de ausência responde uma vez por conversa a cada período
          fechado, e os tempos de resposta contam só as horas de atendimento.
        </p>
      </CardHeader>
      <CardContent className="space-y-8">
        {q.isPending ? (
          <Spinner rotulo="Carregando horário de atendimento" className="size-5 text-blue-700" />
        ) : q.isError ? (
          <div className="space-y-2">
            <p className="text-sm text-red-700">{MSG_EXPEDIENTE.erroCarregar}</p>
            <Button variant="outline" onClick={() => q.refetch()}>
              Tentar Novamente
            </Button>
          </div>
        ) : (
          <Formulario salvo={q.data} />
        )}
        <HolidaysSection />
      </CardContent>
    </Card>
  );
}

const paraForm = (h: THorarioAtendimento): THorarioAtendimentoForm => ({ ...h, meta_resposta_min: String(h.meta_resposta_min) });

function Formulario({ salvo }: { salvo: THorarioAtendimento }) {
  const qc = useQueryClient();
  const f = useForm<THorarioAtendimentoForm, unknown, z.output<typeof ZHorarioAtendimento>>({
    resolver: zodResolver(ZHorarioAtendimento),
    defaultValues: paraForm(salvo),
  });
  const e = f.formState.errors;
  const dias = useWatch({ control: f.control, name: "dias" });
  const salvar = f.handleSubmit(async (dados) => {
    try {
      const h = await api<THorarioAtendimento>("/api/empresa/horario", { method: "PUT", body: dados });
      qc.setQueryData(horarioQuery.queryKey, h);
      f.reset(paraForm(h));
      toast.success(MSG_EXPEDIENTE.horarioSalvo);
    } catch (err) {
      toast.error(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.erro : MSG_EXPEDIENTE.erroSalvar);
    }
  });
  return (
    <form onSubmit={salvar} noValidate className="space-y-5" aria-label="Horário de atendimento">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Dias e horários</legend>
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {DIAS_DA_SEMANA.map((nome, i) => {
            const aberto = dias?.[i]?.aberto;
            const erroFim = e.dias?.[i]?.fim?.message ?? e.dias?.[i]?.inicio?.message;
            return (
              <li key={nome} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2">
                <label className="flex w-28 items-center gap-2 text-sm font-medium text-slate-800">
                  <input type="checkbox" className="size-4 accent-blue-700" {...f.register(`dias.${i}.aberto`)} />
                  {nome}
                </label>
                {aberto ? (
                  <div className="flex items-center gap-2">
                    <Input
                      type="time"
                      aria-label={`Abertura de ${nome}`}
                      className="w-32"
                      aria-invalid={!!e.dias?.[i]?.inicio}
                      {...f.register(`dias.${i}.inicio`)}
                    />
                    <span className="text-sm text-slate-600">às</span>
                    <Input
                      type="time"
                      aria-label={`Fechamento de ${nome}`}
                      className="w-32"
                      aria-invalid={!!e.dias?.[i]?.fim}
                      aria-describedby={erroFim ? `dia-${i}-erro` : undefined}
                      {...f.register(`dias.${i}.fim`)}
                    />
                  </div>
                ) : (
                  <span className="text-sm text-slate-600">Fechado</span>
                )}
                <FieldError id={`dia-${i}-erro`}>{erroFim}</FieldError>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" className="mt-0.5 size-4 accent-blue-700" {...f.register("ausencia_ativa")} />
        <span>
          <span className="font-medium">Enviar mensagem de ausência fora do horário</span>
          <span className="block text-slate-600">
            Uma vez por conversa a cada período fechado, pelo WhatsApp da empresa. Não é enviada enquanto a IA Triagem atende o
            lead.
          </span>
        </span>
      </label>
      <Field label="Mensagem de ausência" erro={e.ausencia_texto?.message}>
        <Textarea maxLength={1000} {...f.register("ausencia_texto")} />
      </Field>
      <Field
        label="Meta de tempo de resposta (minutos)"
        erro={e.meta_resposta_min?.message}
        dica="Contada só no horário de atendimento; /desempenho mostra quantas respostas ficaram dentro dela."
      >
        <Input inputMode="numeric" className="sm:max-w-40" {...f.register("meta_resposta_min")} />
      </Field>
      <Button type="submit" carregando={f.formState.isSubmitting} disabled={!f.formState.isDirty}>
        Salvar horário
      </Button>
    </form>
  );
}
