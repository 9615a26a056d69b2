import { MSG } from "@crm/domain/messages";
import { ZRedefinirSenha } from "@crm/domain/schemas/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { ApiError } from "../../lib/api";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { PasswordInput } from "../../ui/PasswordInput";
import { PublicCardLayout } from "../../ui/PublicCardLayout";
import { lerLinkDoHash, redefinirSenha } from "./api";

type TForm = { token: string; senha: string; confirmarSenha: string };

const REDIRECIONAR_APOS_MS = 3_000;

/**
 * 000 §2.5: reached from the emailed link `/reset-password#type=recovery&token=...`. A link opened in a tab already
 * on this page changes only the hash (no reload): the form is keyed by the token, so it starts over with the new one
 * and sends it to the server, instead of keeping the token (or the missing one) it was first rendered with.
 */
export function ResetPasswordPage() {
  const { hash } = useLocation();
  const token = lerLinkDoHash(hash, "recovery");
  return <RedefinirSenha key={token ?? ""} token={token} />;
}

function RedefinirSenha({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const [sucesso, setSucesso] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const form = useForm<TForm>({
    resolver: zodResolver(ZRedefinirSenha),
    defaultValues: { token: token ?? "", senha: "", confirmarSenha: "" },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!sucesso) return;
    const t = setTimeout(() => navigate("/login", { replace: true }), REDIRECIONAR_APOS_MS);
    return () => clearTimeout(t);
  }, [sucesso, navigate]);

  const onSubmit = form.handleSubmit(async (dados) => {
    setErro(null);
    try {
      await redefinirSenha(dados);
      setSucesso(true);
    } catch (e) {
      setErro(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.erro : MSG.erroRedefinirSenha);
    }
  });

  if (!token) {
    return (
      <PublicCardLayout titulo="Redefinir Senha">
        <Alert tipo="erro">{MSG.linkRedefinicaoInvalido}</Alert>
        <p className="mt-6 text-center">
          <Link to="/forgot-password" className="font-medium text-blue-700 underline">
            Solicitar novo link
          </Link>
        </p>
      </PublicCardLayout>
    );
  }

  if (sucesso) {
    return (
      <PublicCardLayout titulo="Senha Redefinida!">
        <div role="status" className="space-y-3 text-center">
          <CircleCheck className="mx-auto size-12 text-green-600" aria-hidden="true" />
          <p className="text-slate-700">Sua senha foi alterada com sucesso. Você será redirecionado para o login.</p>
          <Link to="/login" className="inline-block font-medium text-blue-700 underline">
            Ir para o login
          </Link>
        </div>
      </PublicCardLayout>
    );
  }

  const banner = erro ?? errors.token?.message;
  return (
    <PublicCardLayout titulo="Redefinir Senha" subtitulo="Escolha uma nova senha para sua conta.">
      {banner && (
        <Alert tipo="erro" className="mb-4">
          {banner}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="Nova Senha" erro={errors.senha?.message}>
          <PasswordInput autoComplete="new-password" autoFocus {...form.register("senha")} />
        </Field>
        <Field label="Confirmar Nova Senha" erro={errors.confirmarSenha?.message}>
          <PasswordInput autoComplete="new-password" {...form.register("confirmarSenha")} />
        </Field>
        <Button type="submit" className="w-full" carregando={isSubmitting}>
          {isSubmitting ? "Redefinindo..." : "Redefinir Senha"}
        </Button>
      </form>
      {banner && (
        <p className="mt-4 text-center text-sm">
          <Link to="/forgot-password" className="font-medium text-blue-700 underline">
            Solicitar novo link
          </Link>
        </p>
      )}
    </PublicCardLayout>
  );
}
