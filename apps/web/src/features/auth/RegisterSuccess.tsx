import { CircleCheck } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { PublicCardLayout } from "../../ui/PublicCardLayout";
import { DevMailboxLink } from "./DevMailboxLink";

const REDIRECIONAR_APOS_MS = 3_000;

export function RegisterSuccess({ email }: { email: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const t = setTimeout(() => navigate("/login", { replace: true }), REDIRECIONAR_APOS_MS);
    return () => clearTimeout(t);
  }, [navigate]);
  return (
    <PublicCardLayout titulo="Cadastro Realizado!">
      <div role="status" className="space-y-4 text-center">
        <CircleCheck className="mx-auto size-12 text-green-600" aria-hidden="true" />
        <p className="text-slate-700">
          Enviamos um email de confirmação para <strong>{email}</strong>. Confirme seu email para acessar o sistema.
        </p>
        <p className="text-sm text-slate-600">Você será redirecionado para o login em instantes.</p>
        <Link to="/login" className="inline-block font-medium text-blue-700 underline">
          Ir para o login
        </Link>
      </div>
      <DevMailboxLink />
    </PublicCardLayout>
  );
}
