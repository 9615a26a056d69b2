import { REDIRECIONAR_CONVITE_MS } from "@crm/domain/schemas/invitations";
import { CircleCheck, CircleX } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../ui/Button";
import { PublicCardLayout } from "../../ui/PublicCardLayout";

/** 'Link Inválido' with the reason and 'Ir para Login' (001 §2, §8). */
export function InvalidInvitation({ mensagem }: { mensagem: string }) {
  return (
    <PublicCardLayout titulo="Link Inválido">
      <div role="alert" className="space-y-4 text-center">
        <CircleX className="mx-auto size-12 text-red-600" aria-hidden="true" />
        <p className="text-slate-700">{mensagem}</p>
        <Button asChild className="w-full">
          <Link to="/login">Ir para Login</Link>
        </Button>
      </div>
    </PublicCardLayout>
  );
}

/** 'Cadastro Concluído!' then /login after 3 s (001 §9). */
export function InvitationDone({ contaExistente }: { contaExistente: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    const t = setTimeout(() => navigate("/login", { replace: true }), REDIRECIONAR_CONVITE_MS);
    return () => clearTimeout(t);
  }, [navigate]);
  return (
    <PublicCardLayout titulo="Cadastro Concluído!">
      <div role="status" className="space-y-3 text-center">
        <CircleCheck className="mx-auto size-12 text-green-600" aria-hidden="true" />
        <p className="text-slate-700">
          {contaExistente ? "Seu acesso à equipe foi atualizado." : "Sua conta foi criada."} Você será redirecionado para o login
          em {REDIRECIONAR_CONVITE_MS / 1000} segundos.
        </p>
        <Link to="/login" className="inline-block font-medium text-blue-700 underline">
          Ir para Login
        </Link>
      </div>
    </PublicCardLayout>
  );
}
