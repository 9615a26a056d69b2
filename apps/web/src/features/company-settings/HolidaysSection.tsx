import { ABRANGENCIAS_FERIADO, MSG_EXPEDIENTE, ROTULO_ABRANGENCIA } from "@crm/domain/business-hours";
import { type TFeriado, type TFeriadoNovo, ZFeriadoNovo } from "@crm/domain/schemas/business-hours";
import { zodResolver } from "@hookform/resolvers/zod";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError, api, mensagemDeErro } from "../../lib/api";
import { aplicarErrosDoServidor } from "../../lib/formErrors";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";

const feriadosQuery = queryOptions({
  queryKey: ["empresa", "feriados"],
  queryFn: ({ signal }) => api<{ feriados: TFeriado[] }>("/api/empresa/feriados", { signal }),
});

const dataBR = (dia: string) => dia.split("-").reverse().join("/");

/** The company's holidays (decision 1881): the national ones built in, the state and city ones the admin adds. */
export function HolidaysSection() {
  const q = useQuery(feriadosQuery);
  const qc = useQueryClient();
  async function remover(f: TFeriado) {
    try {
      await api(`/api/empresa/feriados/${f.id}`, { method: "DELETE" });
      await qc.invalidateQueries({ queryKey: feriadosQuery.queryKey });
      toast.success(MSG_EXPEDIENTE.feriadoRemovido);
    } catch (err) {
      toast.error(mensagemDeErro(err, MSG_EXPEDIENTE.erroSalvar));
    }
  }
  return (
    <section aria-labelledby="feriados-titulo" className="space-y-3">
      <h3 id="feriados-titulo" className="text-base font-semibold text-slate-900">
        Feriados
      </h3>
      <p className="text-sm text-slate-600">
        Os feriados nacionais já estão incluídos. Adicione os feriados estaduais e municipais da sua empresa: nesses dias o
        atendimento fica fechado.
      </p>
      <NovoFeriado />
      {q.isPending ? (
        <Spinner rotulo="Carregando feriados" className="size-5 text-blue-700" />
      ) : q.isError ? (
        <div className="space-y-2">
          <p className="text-sm text-red-700">{mensagemDeErro(q.error, MSG_EXPEDIENTE.erroCarregar)}</p>
          <Button variant="outline" onClick={() => q.refetch()}>
            Tentar Novamente
          </Button>
        </div>
      ) : q.data.feriados.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhum feriado cadastrado.</p>
      ) : (
        <ul aria-label="Feriados cadastrados" className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {q.data.feriados.map((f) => (
            <li key={`${f.dia}-${f.id ?? "n"}`} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">{dataBR(f.dia)}</span>{" "}
                <span className="text-slate-800">{f.nome}</span>{" "}
                <span className="text-slate-600">({ROTULO_ABRANGENCIA[f.abrangencia]})</span>
              </span>
              {f.id && (
                <Button variant="ghost" size="icon" aria-label={`Remover ${f.nome}`} onClick={() => remover(f)}>
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NovoFeriado() {
  const qc = useQueryClient();
  const f = useForm<TFeriadoNovo, unknown, z.output<typeof ZFeriadoNovo>>({
    resolver: zodResolver(ZFeriadoNovo),
    defaultValues: { dia: "", nome: "", abrangencia: "estadual" },
  });
  const e = f.formState.errors;
  const adicionar = f.handleSubmit(async (dados) => {
    try {
      await api("/api/empresa/feriados", { method: "POST", body: dados });
      await qc.invalidateQueries({ queryKey: feriadosQuery.queryKey });
      f.reset();
      toast.success(MSG_EXPEDIENTE.feriadoAdicionado);
    } catch (err) {
      if (!aplicarErrosDoServidor(err, f.setError, ["dia", "nome", "abrangencia"]))
        toast.error(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.erro : MSG_EXPEDIENTE.erroSalvar);
    }
  });
  return (
    <form
      onSubmit={adicionar}
      noValidate
      aria-label="Adicionar feriado"
      className="grid gap-3 sm:grid-cols-[10rem_1fr_10rem_auto] sm:items-start"
    >
      <Field label="Data do feriado" erro={e.dia?.message}>
        <Input type="date" {...f.register("dia")} />
      </Field>
      <Field label="Nome do feriado" erro={e.nome?.message}>
        <Input maxLength={120} {...f.register("nome")} />
      </Field>
      <Field label="Abrangência" erro={e.abrangencia?.message}>
        <Select {...f.register("abrangencia")}>
          {ABRANGENCIAS_FERIADO.map((a) => (
            <option key={a} value={a}>
              {ROTULO_ABRANGENCIA[a]}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" className="sm:mt-6" carregando={f.formState.isSubmitting}>
        Adicionar feriado
      </Button>
    </form>
  );
}
