import { MSG } from "@crm/domain/messages";
import { PAPEL } from "@crm/domain/roles";
import {
  type TCadastroConvite,
  type TLinkConvite,
  ZCadastroConvite,
  ZCadastroConviteConsultor,
} from "@crm/domain/schemas/invitations";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ApiError } from "../../lib/api";
import { aplicarErrosDoServidor } from "../../lib/formErrors";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { PasswordInput } from "../../ui/PasswordInput";
import { aceitarConvite } from "./api";

type Props = {
  link: TLinkConvite;
  nomeInicial: string;
  onConcluido: () => void;
  onLinkInvalido: (mensagem: string) => void;
};

/** 001 §2: Nome Completo (from the link), WhatsApp (consultants), a read-only Email (legal page), Senha, Confirmar Senha. */
export function NewAccountForm({ link, nomeInicial, onConcluido, onLinkInvalido }: Props) {
  const comWhatsApp = link.papel === PAPEL.consultor;
  const [erro, setErro] = useState<string | null>(null);
  const form = useForm<TCadastroConvite>({
    resolver: zodResolver(comWhatsApp ? ZCadastroConviteConsultor : ZCadastroConvite),
    defaultValues: { nome: nomeInicial, whatsapp: comWhatsApp ? "" : undefined, senha: "", confirmarSenha: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const enviar = form.handleSubmit(async (cadastro) => {
    setErro(null);
    try {
      await aceitarConvite({ link, cadastro });
      onConcluido();
    } catch (e) {
      if (e instanceof ApiError && e.status === 410) return onLinkInvalido(e.erro);
      if (aplicarErrosDoServidor(e, form.setError, ["nome", "whatsapp", "senha", "confirmarSenha"], "cadastro.")) return;
      setErro(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.erro : MSG.erroCriarUsuario);
    }
  });

  return (
    <form onSubmit={enviar} noValidate className="space-y-4">
      {erro && <Alert tipo="erro">{erro}</Alert>}
      <Field label="Nome Completo" erro={errors.nome?.message}>
        <Input autoComplete="name" {...form.register("nome")} />
      </Field>
      {link.pagina === "juridico" && (
        <Field label="Email">
          <Input value={link.email} readOnly aria-readonly="true" />
        </Field>
      )}
      {comWhatsApp && (
        <Field label="WhatsApp" erro={errors.whatsapp?.message}>
          <Input type="tel" autoComplete="tel" placeholder="(11) 99999-9999" {...form.register("whatsapp")} />
        </Field>
      )}
      <Field label="Senha" erro={errors.senha?.message}>
        <PasswordInput autoComplete="new-password" {...form.register("senha")} />
      </Field>
      <Field label="Confirmar Senha" erro={errors.confirmarSenha?.message}>
        <PasswordInput autoComplete="new-password" {...form.register("confirmarSenha")} />
      </Field>
      <Button type="submit" className="w-full" carregando={isSubmitting}>
        {isSubmitting ? "Processando..." : "Completar Cadastro"}
      </Button>
    </form>
  );
}
