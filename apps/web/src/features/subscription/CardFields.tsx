import { type TCartao, ZCartao } from "@crm/domain/schemas/subscription";
import { MSG_ASSINATURA as M } from "@crm/domain/subscription-messages";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Alert } from "../../ui/Alert";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";

export const CARTAO_VAZIO: TCartao = { numero: "", validade: "", cvc: "", nome: "" };

/** The one card form (update payment, /planos checkout): zod schema of the domain (Luhn, MM/AA in the future). */
export function useFormCartao() {
  return useForm<TCartao>({ resolver: zodResolver(ZCartao), defaultValues: CARTAO_VAZIO, mode: "onTouched" });
}

/** Typing help for MM/AA: the slash comes by itself. */
function mascararValidade(v: string) {
  const d = v.replace(/\D/g, "").slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

export function CardFields({ form }: { form: ReturnType<typeof useFormCartao> }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <div className="space-y-3">
      <Field label="Número do cartão" erro={errors.numero?.message}>
        <Input inputMode="numeric" autoComplete="cc-number" placeholder="0000 0000 0000 0000" {...register("numero")} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Validade (MM/AA)" erro={errors.validade?.message}>
          <Input
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/AA"
            {...register("validade", { onChange: (e) => form.setValue("validade", mascararValidade(e.target.value)) })}
          />
        </Field>
        <Field label="CVC" erro={errors.cvc?.message}>
          <Input inputMode="numeric" autoComplete="cc-csc" maxLength={4} {...register("cvc")} />
        </Field>
      </div>
      <Field label="Nome impresso no cartão" erro={errors.nome?.message}>
        <Input autoComplete="cc-name" {...register("nome")} />
      </Field>
      <Alert tipo="info">
        {M.stripeEmDesenvolvimento} Guardamos apenas a bandeira, os 4 últimos dígitos e a validade; a cobrança é simulada.
      </Alert>
    </div>
  );
}
