import { MSG } from "@crm/domain/messages";
import { useQueryClient } from "@tanstack/react-query";
import { CircleCheck, CircleX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { ApiError } from "../../lib/api";
import { CHAVE_SESSAO } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { PublicCardLayout } from "../../ui/PublicCardLayout";
import { Spinner } from "../../ui/Spinner";
import { confirmarTrocaEmail } from "./api";

/** /confirmar-novo-email#token=…: the link sent to the new address; the email changes when it is opened. */
export function ConfirmEmailChangePage() {
  useDocumentTitle("Confirmar novo e-mail");
  const { hash } = useLocation();
  const qc = useQueryClient();
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("token");
  const [estado, setEstado] = useState<"confirmando" | "ok" | { erro: string }>(
    token ? "confirmando" : { erro: MSG.linkTrocaEmailInvalido },
  );
  const enviado = useRef(false);

  useEffect(() => {
    // once, even under StrictMode's double effect: the token is single-use
    if (!token || enviado.current) return;
    enviado.current = true;
    confirmarTrocaEmail(token).then(
      () => {
        setEstado("ok");
        qc.invalidateQueries({ queryKey: CHAVE_SESSAO });
      },
      (e) => setEstado({ erro: e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.erro : MSG.erroAtualizarEmail }),
    );
  }, [token, qc]);

  if (estado === "confirmando") {
    return (
      <PublicCardLayout titulo="Confirmando novo e-mail">
        <div className="flex justify-center py-6">
          <Spinner rotulo="Confirmando" className="size-8 text-blue-700" />
        </div>
      </PublicCardLayout>
    );
  }
  const ok = estado === "ok";
  return (
    <PublicCardLayout titulo={ok ? "E-mail Atualizado!" : "Erro na Confirmação"}>
      <div role={ok ? "status" : "alert"} className="space-y-4 text-center">
        {ok ? (
          <CircleCheck className="mx-auto size-12 text-green-600" aria-hidden="true" />
        ) : (
          <CircleX className="mx-auto size-12 text-red-600" aria-hidden="true" />
        )}
        <p className="text-slate-700">{ok ? "Seu novo e-mail já vale para entrar no sistema." : estado.erro}</p>
        <Link to={ok ? "/perfil" : "/login"} className="inline-block font-medium text-blue-700 underline">
          {ok ? "Ir para o perfil" : "Ir para o login"}
        </Link>
      </div>
    </PublicCardLayout>
  );
}
