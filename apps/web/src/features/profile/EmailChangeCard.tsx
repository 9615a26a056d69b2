import { MSG } from "@crm/domain/messages";
import { type TPerfil, type TTrocaEmail, zTrocaEmailDe } from "@crm/domain/schemas/profile";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ApiError } from "../../lib/api";
import { aplicarErrosDoServidor } from "../../lib/formErrors";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { PasswordInput } from "../../ui/PasswordInput";
import { CHAVE_PERFIL, trocarEmail } from "./api";

/** Update email (001 §5): a confirmation link goes to the new address; the change waits for it. */
export function EmailChangeCard({ perfil }: { perfil: TPerfil }) {
  const qc = useQueryClient();
  const [enviadoPara, setEnviadoPara] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const form = useForm<TTrocaEmail>({
    resolver: zodResolver(zTrocaEmailDe(perfil.email)),
    defaultValues: { novoEmail: "", senhaAtual: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const enviar = form.handleSubmit(async (dados) => {
    setErro(null);
    setEnviadoPara(null);
    try {
      await trocarEmail(dados);
      setEnviadoPara(dados.novoEmail);
      form.reset({ novoEmail: "", senhaAtual: "" });
      await qc.invalidateQueries({ queryKey: CHAVE_PERFIL });
    } catch (e) {
      if (aplicarErrosDoServidor(e, form.setError, ["novoEmail", "senhaAtual"])) return;
      setErro(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.erro : MSG.erroAtualizarEmail);
    }
  });

  const pendente = enviadoPara ?? perfil.emailPendente;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Atualizar E-mail</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {pendente && <Alert tipo="sucesso">{MSG.emailConfirmacaoTrocaEnviado(pendente)}</Alert>}
        {erro && <Alert tipo="erro">{erro}</Alert>}
        <form onSubmit={enviar} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field label="Novo e-mail" erro={errors.novoEmail?.message}>
            <Input type="email" autoComplete="email" {...form.register("novoEmail")} />
          </Field>
          <Field label="Senha atual" erro={errors.senhaAtual?.message}>
            <PasswordInput autoComplete="current-password" {...form.register("senhaAtual")} />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" carregando={isSubmitting}>
              {isSubmitting ? "Enviando..." : "Atualizar E-mail"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
