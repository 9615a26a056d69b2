import { useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Button } from "../../ui/Button";
import { reenviarConfirmacao } from "./api";

/** Shown when sign-in is refused because the email is not confirmed yet. */
export function ResendConfirmation({ email }: { email: string }) {
  const [estado, setEstado] = useState<"inicial" | "enviando" | "enviado" | string>("inicial");
  if (estado === "enviado") {
    return (
      <p role="status" className="mb-4 text-sm text-green-800">
        Enviamos um novo email de confirmação para {email}.
      </p>
    );
  }
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
      <Button
        variant="link"
        size="sm"
        carregando={estado === "enviando"}
        onClick={async () => {
          setEstado("enviando");
          try {
            await reenviarConfirmacao(email);
            setEstado("enviado");
          } catch (e) {
            setEstado(mensagemDeErro(e, "Não foi possível reenviar o email. Tente novamente."));
          }
        }}
      >
        Reenviar email de confirmação
      </Button>
      {estado !== "inicial" && estado !== "enviando" && (
        <span role="alert" className="text-red-700">
          {estado}
        </span>
      )}
    </div>
  );
}
