import { LIMIAR_TRIAGEM_MAX, LIMIAR_TRIAGEM_MIN } from "@crm/domain/revisional/bands";
import { REGRAS_TRIAGEM_REVISIONAL, ROTULO_REGRA_TRIAGEM } from "@crm/domain/revisional/screening-rule";
import { TEXTO_REVISIONAL } from "@crm/domain/revisional/texts";
import { type TConfigPreAnalise, ZSalvarConfigPreAnalise } from "@crm/domain/schemas/revisional";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { configPreAnaliseQuery, salvarConfigPreAnalise } from "./api";

/** The company's screening threshold and what the AI screening does with a contract within it (decision 1405). */
export function PreAnalysisSettingsCard() {
  const q = useQuery(configPreAnaliseQuery);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{TEXTO_REVISIONAL.configTitulo}</CardTitle>
        <p className="text-sm text-slate-600">{TEXTO_REVISIONAL.configDescricao}</p>
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <Spinner rotulo="Carregando pré-análise" className="size-5 text-blue-700" />
        ) : q.isError ? (
          <div className="space-y-2">
            <p className="text-sm text-red-700">{TEXTO_REVISIONAL.erroCarregarConfig}</p>
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

function Formulario({ config }: { config: TConfigPreAnalise }) {
  const qc = useQueryClient();
  const f = useForm<z.input<typeof ZSalvarConfigPreAnalise>, unknown, TConfigPreAnalise>({
    resolver: zodResolver(ZSalvarConfigPreAnalise),
    defaultValues: config,
  });
  const e = f.formState.errors;
  const salvar = f.handleSubmit(async (dados) => {
    try {
      const c = await salvarConfigPreAnalise(dados);
      qc.setQueryData(configPreAnaliseQuery.queryKey, c);
      // every lead's card compares with the new threshold
      void qc.invalidateQueries({ queryKey: ["pre-analise"] });
      f.reset(c);
      toast.success(TEXTO_REVISIONAL.configSalva);
    } catch (err) {
      toast.error(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.erro : TEXTO_REVISIONAL.erroSalvarConfig);
    }
  });
  return (
    <form onSubmit={salvar} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <Field label={TEXTO_REVISIONAL.configLimiar} erro={e.limiar?.message}>
          <Input
            type="number"
            inputMode="decimal"
            step="0.1"
            min={LIMIAR_TRIAGEM_MIN}
            max={LIMIAR_TRIAGEM_MAX}
            {...f.register("limiar")}
          />
        </Field>
        <Field label={TEXTO_REVISIONAL.configRegra} erro={e.regra_triagem?.message}>
          <Select {...f.register("regra_triagem")}>
            {REGRAS_TRIAGEM_REVISIONAL.map((r) => (
              <option key={r} value={r}>
                {ROTULO_REGRA_TRIAGEM[r]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Button type="submit" carregando={f.formState.isSubmitting} disabled={!f.formState.isDirty}>
        {TEXTO_REVISIONAL.configSalvar}
      </Button>
    </form>
  );
}
