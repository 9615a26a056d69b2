import { MSG } from "@crm/domain/messages";
import type { TLinkConvite } from "@crm/domain/schemas/invitations";
import { ROTULO_PAPEL_CONVITE } from "@crm/domain/schemas/team";
import { useState } from "react";
import { ApiError } from "../../lib/api";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { PasswordInput } from "../../ui/PasswordInput";
import { aceitarConviteExistente } from "./api";

type Props = { link: TLinkConvite; onConcluido: () => void; onLinkInvalido: (mensagem: string) => void };

/** The email already has an account in the company: its password confirms it, and the invitation is attached to it. */
export function ExistingAccountForm({ link, onConcluido, onLinkInvalido }: Props) {
  const [senha, setSenha] = useState("");
  const [erroSenha, setErroSenha] = useState<string | undefined>();
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  async function enviar(e: React.FormEvent) {
    e.preventDefault();
    setErro(null);
    setErroSenha(undefined);
    if (!senha) return setErroSenha(MSG.senhaObrigatoria);
    setEnviando(true);
    try {
      await aceitarConviteExistente({ link, senha });
      onConcluido();
    } catch (err) {
      if (err instanceof ApiError && err.status === 410) return onLinkInvalido(err.erro);
      if (err instanceof ApiError && err.campos?.senha) setErroSenha(err.campos.senha);
      else setErro(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.erro : MSG.erroCompletarConvite);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <form onSubmit={enviar} noValidate className="space-y-4">
      <Alert tipo="info">
        Você já tem uma conta nesta empresa. Confirme sua senha para entrar na equipe como {ROTULO_PAPEL_CONVITE[link.papel]}.
      </Alert>
      {erro && <Alert tipo="erro">{erro}</Alert>}
      <Field label="Email">
        <Input value={link.email} readOnly aria-readonly="true" />
      </Field>
      <Field label="Senha" erro={erroSenha}>
        <PasswordInput autoComplete="current-password" value={senha} onChange={(e) => setSenha(e.target.value)} />
      </Field>
      <Button type="submit" className="w-full" carregando={enviando}>
        {enviando ? "Processando..." : "Completar Cadastro"}
      </Button>
    </form>
  );
}
