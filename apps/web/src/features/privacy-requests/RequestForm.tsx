import { DIREITOS_TITULAR, ROTULO_DIREITO } from "@crm/domain/privacy-requests";
import { type TNovoPedidoPrivacidade, ZNovoPedidoPrivacidade } from "@crm/domain/schemas/privacy-requests";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { Textarea } from "../../ui/Textarea";

type Props = {
  /** what the submit button says */
  enviar: string;
  onEnviar: (corpo: TNovoPedidoPrivacidade) => Promise<void>;
};

/**
 * A titular's request (decision 1824): the right, who asks and the phone on file (the code goes there), the CPF when
 * they have one, an optional representative. The public page and the company's own registration use it.
 */
export function RequestForm({ enviar, onEnviar }: Props) {
  const form = useForm<TNovoPedidoPrivacidade>({
    resolver: zodResolver(ZNovoPedidoPrivacidade),
    defaultValues: { direito: "acesso", nome: "", telefone: "", cpf: "", email: "", detalhes: "", representante_nome: "" },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit(onEnviar)}>
      <Field label="Direito que deseja exercer" erro={errors.direito?.message}>
        <Select {...form.register("direito")}>
          {DIREITOS_TITULAR.map((d) => (
            <option key={d} value={d}>
              {ROTULO_DIREITO[d]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Nome completo do titular" erro={errors.nome?.message}>
        <Input autoComplete="name" {...form.register("nome")} />
      </Field>
      <Field
        label="Telefone (WhatsApp) cadastrado"
        erro={errors.telefone?.message}
        dica="O código de confirmação vai para este número."
      >
        <Input type="tel" autoComplete="tel" inputMode="tel" {...form.register("telefone")} />
      </Field>
      <Field label="CPF (opcional)" erro={errors.cpf?.message}>
        <Input inputMode="numeric" {...form.register("cpf")} />
      </Field>
      <Field label="Email para resposta (opcional)" erro={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </Field>
      <Field label="Detalhes (opcional)" erro={errors.detalhes?.message}>
        <Textarea rows={3} {...form.register("detalhes")} />
      </Field>
      <Field
        label="Representante legal (opcional)"
        erro={errors.representante_nome?.message}
        dica="Preencha se pede em nome do titular: será necessário um documento que comprove a representação."
      >
        <Input {...form.register("representante_nome")} />
      </Field>
      <Button type="submit" carregando={isSubmitting} className="w-full sm:w-auto">
        {enviar}
      </Button>
    </form>
  );
}
