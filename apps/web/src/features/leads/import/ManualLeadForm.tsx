import { apenasDigitos } from "@crm/domain/leads-money";
import { MSG } from "@crm/domain/messages";
import { ORIGENS_MANUAIS, type TNovoLead, ZNovoLead } from "@crm/domain/schemas/leads";
import { TIPOS_FINANCIAMENTO } from "@crm/domain/status";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import { ApiError, api } from "../../../lib/api";
import { Alert } from "../../../ui/Alert";
import { Button } from "../../../ui/Button";
import { Field } from "../../../ui/Field";
import { Input } from "../../../ui/Input";
import { Select } from "../../../ui/Select";
import { Textarea } from "../../../ui/Textarea";
import { CHAVE_LEADS } from "../api";

type TForm = Record<
  | "nome"
  | "email"
  | "telefone"
  | "tipo_financiamento"
  | "valor_total_financiado"
  | "valor_parcela"
  | "quantidade_parcelas_pagas"
  | "objetivo_cliente"
  | "origem_lead"
  | "quantidade_parcelas"
  | "data_contrato"
  | "banco"
  | "taxa_informada_mensal",
  string
>;

const VAZIO: TForm = {
  nome: "",
  email: "",
  telefone: "",
  tipo_financiamento: "",
  valor_total_financiado: "",
  valor_parcela: "",
  quantidade_parcelas_pagas: "",
  objetivo_cliente: "",
  origem_lead: "Manual",
  quantidade_parcelas: "",
  data_contrato: "",
  banco: "",
  taxa_informada_mensal: "",
};

/**
 * The manual lead form (001 §3 'Manual lead form fields', §5): every field and message of the spec, validated by the
 * same schema as the server. Money accepts 'R$', dot thousands and comma decimals; paid installments keep digits only.
 */
export function ManualLeadForm({ base, onCriado }: { base: string; onCriado: () => void }) {
  const qc = useQueryClient();
  const [erroGeral, setErroGeral] = useState<string | null>(null);
  const form = useForm<TForm, unknown, TNovoLead>({
    resolver: zodResolver(ZNovoLead) as unknown as Resolver<TForm, unknown, TNovoLead>,
    defaultValues: VAZIO,
  });
  const { errors } = form.formState;
  const criar = useMutation({
    mutationFn: (l: TNovoLead) => api<{ id: string }>(base, { method: "POST", body: l }),
    onSuccess: () => {
      form.reset(VAZIO);
      setErroGeral(null);
      void qc.invalidateQueries({ queryKey: CHAVE_LEADS });
      onCriado();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 409) return form.setError("telefone", { message: e.erro }, { shouldFocus: true });
      if (e instanceof ApiError && e.campos) {
        for (const [campo, msg] of Object.entries(e.campos)) form.setError(campo as keyof TForm, { message: msg });
        return;
      }
      setErroGeral(e instanceof ApiError && e.status === 403 ? e.erro : MSG.erroCriarLead);
    },
  });

  return (
    <form
      onSubmit={form.handleSubmit((l) => criar.mutate(l))}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      aria-label="Novo Lead"
    >
      {erroGeral && (
        <Alert tipo="erro" className="sm:col-span-2">
          {erroGeral}
        </Alert>
      )}
      <Field label="Nome" erro={errors.nome?.message}>
        <Input autoComplete="off" {...form.register("nome")} />
      </Field>
      <Field label="Email" erro={errors.email?.message}>
        <Input type="email" autoComplete="off" {...form.register("email")} />
      </Field>
      <Field label="Telefone" erro={errors.telefone?.message} dica="Com DDD, ex.: (11) 98765-4321">
        <Input type="tel" autoComplete="off" {...form.register("telefone")} />
      </Field>
      <Field label="Tipo de financiamento" erro={errors.tipo_financiamento?.message}>
        <Select {...form.register("tipo_financiamento")}>
          <option value="">Selecione</option>
          {TIPOS_FINANCIAMENTO.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Valor total financiado" erro={errors.valor_total_financiado?.message}>
        <Input inputMode="decimal" placeholder="R$ 45.000,00" {...form.register("valor_total_financiado")} />
      </Field>
      <Field label="Valor da parcela" erro={errors.valor_parcela?.message}>
        <Input inputMode="decimal" placeholder="R$ 1.250,00" {...form.register("valor_parcela")} />
      </Field>
      <Controller
        control={form.control}
        name="quantidade_parcelas_pagas"
        render={({ field }) => (
          <Field label="Quantidade de parcelas pagas" erro={errors.quantidade_parcelas_pagas?.message}>
            <Input inputMode="numeric" {...field} onChange={(e) => field.onChange(apenasDigitos(e.target.value))} />
          </Field>
        )}
      />
      <Controller
        control={form.control}
        name="quantidade_parcelas"
        render={({ field }) => (
          <Field label="Número de parcelas (opcional)" erro={errors.quantidade_parcelas?.message}>
            <Input inputMode="numeric" {...field} onChange={(e) => field.onChange(apenasDigitos(e.target.value))} />
          </Field>
        )}
      />
      <Field label="Data do contrato (opcional)" erro={errors.data_contrato?.message}>
        <Input type="date" {...form.register("data_contrato")} />
      </Field>
      <Field label="Banco (opcional)" erro={errors.banco?.message}>
        <Input autoComplete="off" {...form.register("banco")} />
      </Field>
      <Field label="Taxa do contrato, % a.m. (opcional)" erro={errors.taxa_informada_mensal?.message} dica="Ex.: 2,35">
        <Input inputMode="decimal" autoComplete="off" {...form.register("taxa_informada_mensal")} />
      </Field>
      <Field label="Origem do lead" erro={errors.origem_lead?.message}>
        <Select {...form.register("origem_lead")}>
          {ORIGENS_MANUAIS.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Objetivo do cliente" erro={errors.objetivo_cliente?.message} className="sm:col-span-2">
        <Textarea rows={3} {...form.register("objetivo_cliente")} />
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" carregando={criar.isPending}>
          {criar.isPending ? "Salvando..." : "Salvar Lead"}
        </Button>
      </div>
    </form>
  );
}
