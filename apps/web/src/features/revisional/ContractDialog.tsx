import { formatarNumeroBR } from "@crm/domain/leads-money";
import { MODALIDADES_CREDITO, ROTULO_MODALIDADE } from "@crm/domain/revisional/modalities";
import { type TContratoLead, type TPreAnaliseLead, ZContratoLead } from "@crm/domain/schemas/revisional";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { ApiError, mensagemDeErro } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { toast } from "../../ui/toast";
import { chavePreAnalise, salvarContrato } from "./api";

type TForm = Record<keyof TContratoLead, string>;

const texto = (n: number | null) => (n === null ? "" : formatarNumeroBR(n));
function valoresIniciais(c: TPreAnaliseLead["contrato"]): TForm {
  return {
    modalidade_credito: c.modalidade_credito ?? "",
    valor_contrato: texto(c.valor_contrato),
    valor_liberado: texto(c.valor_liberado),
    valor_parcela: texto(c.valor_parcela),
    quantidade_parcelas: c.quantidade_parcelas === null ? "" : String(c.quantidade_parcelas),
    quantidade_parcelas_pagas: c.quantidade_parcelas_pagas === null ? "" : String(c.quantidade_parcelas_pagas),
    data_contrato: c.data_contrato ?? "",
    banco: c.banco ?? "",
    taxa_informada_mensal: c.taxa_informada_mensal === null ? "" : String(c.taxa_informada_mensal).replace(".", ","),
  };
}

/** The contract data of a lead (decision 1403): every field optional; the pre-analysis uses what is given. */
export function ContractDialog({
  leadId,
  contrato,
  aberto,
  onClose,
}: {
  leadId: string;
  contrato: TPreAnaliseLead["contrato"];
  aberto: boolean;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const form = useForm<TForm, unknown, TContratoLead>({
    resolver: zodResolver(ZContratoLead) as unknown as Resolver<TForm, unknown, TContratoLead>,
    defaultValues: valoresIniciais(contrato),
  });
  const { errors } = form.formState;
  useEffect(() => {
    if (aberto) form.reset(valoresIniciais(contrato));
  }, [aberto, contrato, form]);

  const salvar = useMutation({
    mutationFn: () => salvarContrato(leadId, form.getValues()),
    onSuccess: (r) => {
      qc.setQueryData(chavePreAnalise(leadId), r);
      toast.success("Contrato salvo.");
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.campos) {
        for (const [campo, msg] of Object.entries(e.campos)) form.setError(campo as keyof TForm, { message: msg });
        return;
      }
      toast.error(mensagemDeErro(e, "Erro ao salvar o contrato."));
    },
  });

  return (
    <Dialog
      open={aberto}
      onOpenChange={(v) => !v && !salvar.isPending && onClose()}
      titulo="Dados do contrato"
      descricao="Preencha o que o cliente informou; a pré-análise usa os dados disponíveis."
    >
      <form
        onSubmit={form.handleSubmit(() => salvar.mutate())}
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        aria-label="Dados do contrato"
      >
        <Field label="Modalidade" erro={errors.modalidade_credito?.message}>
          <Select {...form.register("modalidade_credito")}>
            <option value="">Não informada</option>
            {MODALIDADES_CREDITO.map((m) => (
              <option key={m} value={m}>
                {ROTULO_MODALIDADE[m]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Banco" erro={errors.banco?.message}>
          <Input autoComplete="off" {...form.register("banco")} />
        </Field>
        <Field label="Valor financiado (R$)" erro={errors.valor_contrato?.message} dica="Ex.: 45.000,00">
          <Input inputMode="decimal" autoComplete="off" {...form.register("valor_contrato")} />
        </Field>
        <Field label="Valor liberado (R$)" erro={errors.valor_liberado?.message} dica="O que o cliente recebeu, se diferente">
          <Input inputMode="decimal" autoComplete="off" {...form.register("valor_liberado")} />
        </Field>
        <Field label="Valor da parcela (R$)" erro={errors.valor_parcela?.message}>
          <Input inputMode="decimal" autoComplete="off" {...form.register("valor_parcela")} />
        </Field>
        <Field label="Número de parcelas" erro={errors.quantidade_parcelas?.message}>
          <Input inputMode="numeric" autoComplete="off" {...form.register("quantidade_parcelas")} />
        </Field>
        <Field label="Parcelas pagas" erro={errors.quantidade_parcelas_pagas?.message}>
          <Input inputMode="numeric" autoComplete="off" {...form.register("quantidade_parcelas_pagas")} />
        </Field>
        <Field label="Data do contrato" erro={errors.data_contrato?.message}>
          <Input type="date" {...form.register("data_contrato")} />
        </Field>
        <Field
          label="Taxa informada (% a.m.)"
          erro={errors.taxa_informada_mensal?.message}
          dica="Se o contrato mostra, ex.: 2,35"
        >
          <Input inputMode="decimal" autoComplete="off" {...form.register("taxa_informada_mensal")} />
        </Field>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button type="button" variant="outline" onClick={onClose} disabled={salvar.isPending}>
            Cancelar
          </Button>
          <Button type="submit" carregando={salvar.isPending}>
            Salvar
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
