import { PAPEL_CADASTRO } from "@crm/domain/roles";
import { type TRegistroUsuario, ZRegistroUsuario } from "@crm/domain/schemas/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { PasswordInput } from "../../ui/PasswordInput";

/** What step 2's fields hold before validation (also kept while the person goes back to step 1). */
export type TUsuarioRascunho = TRegistroUsuario;

type Props = {
  inicial: TUsuarioRascunho;
  errosServidor?: Partial<Record<keyof TRegistroUsuario, string>>;
  enviando: boolean;
  onVoltar: (rascunho: TUsuarioRascunho) => void;
  onCadastrar: (usuario: TRegistroUsuario) => void;
};

/** Step 2 'Dados do Usuário' (000 §2.3). */
export function RegisterUserStep({ inicial, errosServidor, enviando, onVoltar, onCadastrar }: Props) {
  const form = useForm<TUsuarioRascunho, unknown, TRegistroUsuario>({
    resolver: zodResolver(ZRegistroUsuario),
    defaultValues: inicial,
  });
  const { errors } = form.formState;

  useEffect(() => {
    for (const [campo, msg] of Object.entries(errosServidor ?? {})) {
      if (msg) form.setError(campo as keyof TRegistroUsuario, { message: msg }, { shouldFocus: true });
    }
  }, [errosServidor, form]);

  return (
    <form onSubmit={form.handleSubmit(onCadastrar)} noValidate className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Dados do Usuário</h2>
      <Field label="Nome Completo" erro={errors.nome?.message}>
        <Input autoComplete="name" autoFocus {...form.register("nome")} />
      </Field>
      <Field label="Email" erro={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </Field>
      <Field label="Senha" erro={errors.senha?.message}>
        <PasswordInput autoComplete="new-password" {...form.register("senha")} />
      </Field>
      <Field label="Confirmar Senha" erro={errors.confirmarSenha?.message}>
        <PasswordInput autoComplete="new-password" {...form.register("confirmarSenha")} />
      </Field>
      {/* the person registering is the company's first administrador; the other roles are invited (decision 1652) */}
      <div className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
        <p>
          <span className="font-medium text-slate-900">Papel na Empresa:</span> {PAPEL_CADASTRO.label}
        </p>
        <p className="mt-1">Consultores e jurídico são convidados depois, em Consultores e Equipe Jurídica.</p>
        {errors.papel?.message && <p className="mt-1 text-red-700">{errors.papel.message}</p>}
      </div>
      <div className="flex gap-3">
        <Button variant="outline" className="flex-1" onClick={() => onVoltar(form.getValues())} disabled={enviando}>
          Voltar
        </Button>
        <Button type="submit" className="flex-1" carregando={enviando}>
          {enviando ? "Cadastrando..." : "Cadastrar"}
        </Button>
      </div>
    </form>
  );
}
