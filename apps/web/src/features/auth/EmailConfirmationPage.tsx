import { MSG } from "@crm/domain/messages";
import { useQuery } from "@tanstack/react-query";
import { CircleCheck, CircleX } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { ApiError } from "../../lib/api";
import { PublicCardLayout } from "../../ui/PublicCardLayout";
import { Spinner } from "../../ui/Spinner";
import { confirmarEmail, lerLinkDoHash } from "./api";
import { useSession } from "./useSession";

const REDIRECIONAR_APOS_MS = 3_000;

/** 000 §2.6: `/email-confirmation#type=email_confirmation&token=...`. */
export function EmailConfirmationPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const token = lerLinkDoHash(hash, "email_confirmation");
  const { data: sessao } = useSession();
  // a query (not an effect) so the single-use token is sent once, even when React mounts twice in dev
  const confirmacao = useQuery({
    queryKey: ["confirmar-email", token],
    queryFn: async () => {
      await confirmarEmail(token!);
      return true;
    },
    enabled: !!token,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const destino = sessao ? "/dashboard" : "/login";

  useEffect(() => {
    if (!confirmacao.isSuccess) return;
    const t = setTimeout(() => navigate(destino, { replace: true }), REDIRECIONAR_APOS_MS);
    return () => clearTimeout(t);
  }, [confirmacao.isSuccess, destino, navigate]);

  if (token && confirmacao.isPending) {
    return (
      <PublicCardLayout titulo="Confirmando email">
        <div className="flex flex-col items-center gap-3 text-slate-700" role="status">
          <Spinner className="size-8 text-blue-700" />
          <p>Confirmando seu email...</p>
        </div>
      </PublicCardLayout>
    );
  }

  if (confirmacao.isSuccess) {
    return (
      <PublicCardLayout titulo="Email Confirmado!">
        <div role="status" className="space-y-3 text-center">
          <CircleCheck className="mx-auto size-12 text-green-600" aria-hidden="true" />
          <p className="text-slate-700">
            Seu email foi confirmado com sucesso. {sessao ? "Redirecionando para o painel..." : "Redirecionando para o login..."}
          </p>
          <Link to={destino} className="inline-block font-medium text-blue-700 underline">
            {sessao ? "Ir para o painel" : "Ir para o login"}
          </Link>
        </div>
      </PublicCardLayout>
    );
  }

  const e = confirmacao.error;
  const mensagem = !token
    ? MSG.linkConfirmacaoInvalido
    : e instanceof ApiError && e.status >= 400 && e.status < 500
      ? e.erro
      : MSG.erroConfirmarEmail;
  return (
    <PublicCardLayout titulo="Erro na Confirmação">
      <div role="alert" className="space-y-3 text-center">
        <CircleX className="mx-auto size-12 text-red-600" aria-hidden="true" />
        <p className="text-slate-700">{mensagem}</p>
        <Link to="/login" className="inline-block font-medium text-blue-700 underline">
          Ir para o login
        </Link>
      </div>
    </PublicCardLayout>
  );
}
