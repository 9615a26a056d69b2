import { MSG } from "@crm/domain/messages";
import type { TLogin } from "@crm/domain/schemas/auth";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError, mensagemDeErro } from "../../lib/api";
import { resolverSobDemanda } from "../../lib/lazyResolver";
import { iniciarSessaoLocal } from "../../lib/session";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { PasswordInput } from "../../ui/PasswordInput";
import { PublicCardLayout } from "../../ui/PublicCardLayout";
import { Spinner } from "../../ui/Spinner";
import { configPublicaQuery, entrar } from "./api";
import { DemoAccounts } from "./DemoAccounts";
import { DevMailboxLink } from "./DevMailboxLink";
import { ResendConfirmation } from "./ResendConfirmation";

type TLoginForm = { email: string; password: string };

// ZLogin (and with it zod) loads when the person starts typing, keeping the login page's first load small
const validacao = resolverSobDemanda<TLoginForm, TLogin>(() =>
  // the resolver module imports zod itself: both load on first use
  Promise.all([import("@crm/domain/schemas/auth"), import("@hookform/resolvers/zod")]).then(([{ ZLogin }, { zodResolver }]) =>
    zodResolver(ZLogin),
  ),
);

export function LoginPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  // asked for with this page's code (router.tsx): the card waits for it, since the demo accounts and the dev
  // mailbox line arriving after the first paint moved the centered card (Lighthouse: layout shift 0.07–0.09)
  const { data: config, isPending: configPendente } = useQuery(configPublicaQuery);
  const [erro, setErro] = useState<string | null>(null);
  const [naoConfirmado, setNaoConfirmado] = useState<string | null>(null);
  const form = useForm<TLoginForm, unknown, TLogin>({
    resolver: validacao.resolver,
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  // both fields carry the same message (000 §5): show it once, in the banner
  const erroValidacao = errors.email?.message ?? errors.password?.message;
  const banner = erro ?? erroValidacao ?? null;

  const enviar = form.handleSubmit(async (dados) => {
    setErro(null);
    setNaoConfirmado(null);
    try {
      const sessao = await entrar(dados);
      iniciarSessaoLocal(qc, sessao);
      navigate("/dashboard", { replace: true });
    } catch (e) {
      setErro(mensagemDeErro(e, MSG.erroLogin));
      if (e instanceof ApiError && e.codigo === "email_nao_confirmado") setNaoConfirmado(dados.email);
    }
  });

  // the only failure left is the validation code not downloading: a connection problem
  const onSubmit = (e: FormEvent) => enviar(e).catch(() => setErro(MSG.erroConexao));

  function preencherDemo(email: string, senha: string) {
    validacao.precarregar();
    form.setValue("email", email);
    form.setValue("password", senha);
    form.clearErrors();
    setErro(null);
    setNaoConfirmado(null);
  }

  if (configPendente)
    return (
      <main className="flex min-h-full items-center justify-center p-6" aria-busy="true">
        <div role="status" className="flex flex-col items-center gap-3 text-slate-700">
          <Spinner className="size-8 text-blue-700" />
          <p>{MSG.carregando}</p>
        </div>
      </main>
    );

  return (
    <PublicCardLayout
      titulo="Acesse sua conta"
      subtitulo="Entre para gerenciar seus leads"
      rodape={
        <>
          Não tem uma conta?{" "}
          <Link to="/register" className="font-medium text-blue-700 underline">
            Cadastre sua empresa
          </Link>
          <DevMailboxLink />
        </>
      }
    >
      {params.get("motivo") === "sessao" && !banner && (
        <Alert tipo="aviso" className="mb-4">
          {MSG.sessaoInvalida}
        </Alert>
      )}
      {banner && (
        <Alert tipo="erro" className="mb-4">
          {banner}
        </Alert>
      )}
      {naoConfirmado && <ResendConfirmation key={naoConfirmado} email={naoConfirmado} />}
      <form onSubmit={onSubmit} onInput={validacao.precarregar} noValidate className="space-y-4">
        <Field label="Email">
          <Input type="email" autoComplete="email" autoFocus {...form.register("email")} aria-invalid={!!errors.email} />
        </Field>
        <Field label="Senha">
          <PasswordInput autoComplete="current-password" {...form.register("password")} aria-invalid={!!errors.password} />
        </Field>
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-medium text-blue-700 underline-offset-4 hover:underline">
            Esqueceu sua senha?
          </Link>
        </div>
        <Button type="submit" className="w-full" carregando={isSubmitting}>
          {isSubmitting ? "Entrando..." : "Entrar"}
        </Button>
      </form>
      {config?.demo && <DemoAccounts demo={config.demo} onEscolher={preencherDemo} />}
      <p className="mt-6 text-center text-xs text-slate-600">
        Problemas para entrar?{" "}
        <Link to="/debug-auth" className="underline">
          Diagnóstico de conexão
        </Link>
      </p>
    </PublicCardLayout>
  );
}
