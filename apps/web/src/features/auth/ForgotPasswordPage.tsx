import { MSG } from "@crm/domain/messages";
import { ZEsqueciSenha } from "@crm/domain/schemas/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { ApiError } from "../../lib/api";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { PublicCardLayout } from "../../ui/PublicCardLayout";
import { solicitarRecuperacao } from "./api";
import { DevMailboxLink } from "./DevMailboxLink";

const linkLogin = (
  <Link to="/login" className="font-medium text-blue-700 underline">
    Voltar para o login
  </Link>
);

/** 000 §2.4. The server answers 200 whether or not the email exists, so nothing leaks here. */
export function ForgotPasswordPage() {
  const [enviadoPara, setEnviadoPara] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const form = useForm<{ email: string }>({ resolver: zodResolver(ZEsqueciSenha), defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setErro(null);
    try {
      await solicitarRecuperacao(email);
      setEnviadoPara(email);
    } catch (e) {
      setErro(e instanceof ApiError && e.status === 429 ? e.erro : MSG.erroEnviarRecuperacao);
    }
  });

  if (enviadoPara) {
    return (
      <PublicCardLayout titulo="Email Enviado!" rodape={linkLogin}>
        <div role="status" className="space-y-3 text-center">
          <MailCheck className="mx-auto size-12 text-green-600" aria-hidden="true" />
          <p className="text-slate-700">
            Se houver uma conta com o email <strong>{enviadoPara}</strong>, você receberá um link para redefinir sua senha.
          </p>
          <p className="text-sm text-slate-600">Verifique também a caixa de spam.</p>
        </div>
        <DevMailboxLink />
      </PublicCardLayout>
    );
  }

  return (
    <PublicCardLayout
      titulo="Esqueceu sua senha?"
      subtitulo="Informe seu email e enviaremos um link para redefinir sua senha."
      rodape={linkLogin}
    >
      {erro && (
        <Alert tipo="erro" className="mb-4">
          {erro}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="Email" erro={errors.email?.message}>
          <Input type="email" autoComplete="email" autoFocus {...form.register("email")} />
        </Field>
        <Button type="submit" className="w-full" carregando={isSubmitting}>
          {isSubmitting ? "Enviando..." : "Enviar"}
        </Button>
      </form>
    </PublicCardLayout>
  );
}
