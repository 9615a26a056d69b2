import { formatarBRL } from "@crm/domain/format";
import { PLANO_INFO, PLANOS } from "@crm/domain/plans";
import { type TRegistroEmpresa, ZRegistroEmpresa } from "@crm/domain/schemas/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";

type Props = {
  inicial?: TRegistroEmpresa;
  /** field messages the server sent back for this step (e.g. after 'Cadastrar') */
  errosServidor?: Partial<Record<keyof TRegistroEmpresa, string>>;
  onProximo: (empresa: TRegistroEmpresa) => void;
};

/** Step 1 'Dados da Empresa' (000 §2.3). */
export function RegisterCompanyStep({ inicial, errosServidor, onProximo }: Props) {
  const form = useForm<TRegistroEmpresa, unknown, TRegistroEmpresa>({
    resolver: zodResolver(ZRegistroEmpresa),
    defaultValues: inicial ?? { nome_empresa: "", email_contato: "", plano_assinatura: "Básico" },
  });
  const { errors } = form.formState;

  useEffect(() => {
    for (const [campo, msg] of Object.entries(errosServidor ?? {})) {
      if (msg) form.setError(campo as keyof TRegistroEmpresa, { message: msg }, { shouldFocus: true });
    }
  }, [errosServidor, form]);

  return (
    <form onSubmit={form.handleSubmit(onProximo)} noValidate className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Dados da Empresa</h2>
      <Field label="Nome da Empresa" erro={errors.nome_empresa?.message}>
        <Input autoComplete="organization" autoFocus {...form.register("nome_empresa")} />
      </Field>
      <Field label="Email de Contato" erro={errors.email_contato?.message}>
        <Input type="email" autoComplete="email" {...form.register("email_contato")} />
      </Field>
      <Field label="Plano" erro={errors.plano_assinatura?.message}>
        <Select {...form.register("plano_assinatura")}>
          {PLANOS.map((p) => (
            <option key={p} value={p}>
              {p} — {formatarBRL(PLANO_INFO[p].precoMensal)}/mês
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" className="w-full">
        Próximo
      </Button>
      <p className="text-center text-sm text-slate-700">
        Já tem uma conta?{" "}
        <Link to="/login" className="font-medium text-blue-700 underline">
          Voltar para o login
        </Link>
      </p>
    </form>
  );
}
