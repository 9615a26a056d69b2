import { MSG } from "@crm/domain/messages";
import { type TConfigAtribuicaoSalva, ZConfigAtribuicao } from "@crm/domain/schemas/waiting";
import { MSG_TRANSFERENCIA } from "@crm/domain/transfer";
import { zodResolver } from "@hookform/resolvers/zod";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError, api } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";

const configAtribuicaoQuery = queryOptions({
  queryKey: ["empresa", "atribuicao"],
  queryFn: ({ signal }) => api<TConfigAtribuicaoSalva>("/api/empresa/atribuicao", { signal }),
});

type TForm = z.input<typeof ZConfigAtribuicao>;
// the cap's field is text: empty means no cap (decision 1837)
const paraForm = (c: TConfigAtribuicaoSalva): TForm => ({
  ...c,
  limite_conversas_abertas: c.limite_conversas_abertas === null ? "" : String(c.limite_conversas_abertas),
});

/**
 * 'Atribuição de leads' (decision 1503): whether, during the company's business hours (decision 1881, the
 * 'Horário de atendimento' card), a qualified lead may go to a consultant who is not online; the cap (decision 1837).
 */
export function AssignmentSettingsCard() {
  const q = useQuery(configAtribuicaoQuery);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Atribuição de leads</CardTitle>
        <p className="text-sm text-slate-600">
          Leads qualificados vão para um consultor conectado. Sem nenhum conectado, eles aguardam atribuição e são atribuídos, do
          mais antigo ao mais novo, assim que um consultor se conectar.
        </p>
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <Spinner rotulo="Carregando atribuição de leads" className="size-5 text-blue-700" />
        ) : q.isError ? (
          <div className="space-y-2">
            <p className="text-sm text-red-700">{MSG.erroCarregarConfigAtribuicao}</p>
            <Button variant="outline" onClick={() => q.refetch()}>
              Tentar Novamente
            </Button>
          </div>
        ) : (
          <Formulario config={q.data} />
        )}
      </CardContent>
    </Card>
  );
}

function Formulario({ config }: { config: TConfigAtribuicaoSalva }) {
  const qc = useQueryClient();
  const f = useForm<TForm, unknown, z.output<typeof ZConfigAtribuicao>>({
    resolver: zodResolver(ZConfigAtribuicao),
    defaultValues: paraForm(config),
  });
  const e = f.formState.errors;
  const salvar = f.handleSubmit(async (dados) => {
    try {
      const c = await api<TConfigAtribuicaoSalva>("/api/empresa/atribuicao", { method: "PUT", body: dados });
      qc.setQueryData(configAtribuicaoQuery.queryKey, c);
      f.reset(paraForm(c));
      toast.success(MSG.atribuicaoSalva);
    } catch (err) {
      toast.error(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.erro : MSG.erroSalvarConfiguracoes);
    }
  });
  return (
    <form onSubmit={salvar} noValidate className="space-y-4" aria-label="Atribuição de leads">
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" className="mt-0.5 size-4 accent-blue-700" {...f.register("atribuir_offline_expediente")} />
        <span>
          <span className="font-medium">Atribuir a consultores desconectados durante o expediente</span>
          <span className="block text-slate-600">
            No horário de atendimento da empresa (card abaixo, horário de Brasília), um lead qualificado vai para o consultor com
            menos leads abertos, mesmo que ele não esteja conectado.
          </span>
        </span>
      </label>
      <Field
        label={MSG_TRANSFERENCIA.limiteRotulo}
        erro={e.limite_conversas_abertas?.message}
        dica={MSG_TRANSFERENCIA.limiteDica}
      >
        <Input inputMode="numeric" className="sm:max-w-40" {...f.register("limite_conversas_abertas")} />
      </Field>
      <Button type="submit" carregando={f.formState.isSubmitting} disabled={!f.formState.isDirty}>
        Salvar atribuição
      </Button>
    </form>
  );
}
