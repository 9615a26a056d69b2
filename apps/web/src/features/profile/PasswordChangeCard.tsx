import { MSG } from "@crm/domain/messages";
import { type TTrocaSenha, ZTrocaSenha } from "@crm/domain/schemas/profile";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { ApiError } from "../../lib/api";
import { aplicarErrosDoServidor } from "../../lib/formErrors";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { Field } from "../../ui/Field";
import { PasswordInput } from "../../ui/PasswordInput";
import { toast } from "../../ui/toast";
import { CHAVE_PERFIL, trocarSenha } from "./api";

const VAZIO: TTrocaSenha = { senhaAtual: "", novaSenha: "", confirmarSenha: "" };

/** Update password (001 §5), with the current password checked by the server. */
export function PasswordChangeCard() {
  const qc = useQueryClient();
  const form = useForm<TTrocaSenha>({ resolver: zodResolver(ZTrocaSenha), defaultValues: VAZIO });
  const { errors, isSubmitting } = form.formState;

  const enviar = form.handleSubmit(async (dados) => {
    try {
      const r = await trocarSenha(dados);
      form.reset(VAZIO);
      toast.success(r.mensagem);
      if (r.sessoesEncerradas) await qc.invalidateQueries({ queryKey: [...CHAVE_PERFIL, "sessoes"] });
    } catch (e) {
      if (aplicarErrosDoServidor(e, form.setError, ["senhaAtual", "novaSenha", "confirmarSenha"])) return;
      toast.error(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.erro : MSG.erroAtualizarSenha);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Atualizar Senha</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={enviar} noValidate className="grid gap-4 sm:grid-cols-3">
          <Field label="Senha atual" erro={errors.senhaAtual?.message}>
            <PasswordInput autoComplete="current-password" {...form.register("senhaAtual")} />
          </Field>
          <Field label="Nova senha" erro={errors.novaSenha?.message}>
            <PasswordInput autoComplete="new-password" {...form.register("novaSenha")} />
          </Field>
          <Field label="Confirmar nova senha" erro={errors.confirmarSenha?.message}>
            <PasswordInput autoComplete="new-password" {...form.register("confirmarSenha")} />
          </Field>
          <div className="sm:col-span-3">
            <p className="mb-3 text-xs text-slate-600">
              Ao trocar a senha, as outras sessões abertas da sua conta são encerradas.
            </p>
            <Button type="submit" carregando={isSubmitting}>
              {isSubmitting ? "Atualizando..." : "Atualizar Senha"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
