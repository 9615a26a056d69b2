import { MSG } from "@crm/domain/messages";
import { formatarTelefone } from "@crm/domain/phone-display";
import { type TPerfil, type TPerfilBasico, type TPerfilBasicoEntrada, ZPerfilBasico } from "@crm/domain/schemas/profile";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { mensagemDeErro } from "../../lib/api";
import { aplicarErrosDoServidor } from "../../lib/formErrors";
import { CHAVE_SESSAO } from "../../lib/session";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { toast } from "../../ui/toast";
import { CHAVE_PERFIL, salvarPerfil } from "./api";

/** Basic info: name and phone; email, role and company shown. */
export function BasicInfoCard({ perfil }: { perfil: TPerfil }) {
  const qc = useQueryClient();
  const form = useForm<TPerfilBasicoEntrada, unknown, TPerfilBasico>({
    resolver: zodResolver(ZPerfilBasico),
    values: { nome: perfil.nome, telefone: formatarTelefone(perfil.telefone) },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const salvar = form.handleSubmit(async (dados) => {
    try {
      const novo = await salvarPerfil(dados);
      qc.setQueryData(CHAVE_PERFIL, novo);
      // the shell shows the name from the session
      await qc.invalidateQueries({ queryKey: CHAVE_SESSAO });
      toast.success(MSG.perfilAtualizado);
    } catch (e) {
      if (!aplicarErrosDoServidor(e, form.setError, ["nome", "telefone"])) toast.error(mensagemDeErro(e, MSG.erroInterno));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Informações Básicas</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="mb-4 grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">Email</dt>
            <dd className="font-medium break-all text-slate-900">{perfil.email}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Papel</dt>
            <dd>
              <Badge variante="azul">{perfil.papel}</Badge>
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Empresa</dt>
            <dd className="font-medium text-slate-900">{perfil.empresa ?? "Plataforma"}</dd>
          </div>
        </dl>
        <form onSubmit={salvar} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field label="Nome" erro={errors.nome?.message}>
            <Input autoComplete="name" {...form.register("nome")} />
          </Field>
          <Field label="Telefone" erro={errors.telefone?.message}>
            <Input type="tel" autoComplete="tel" {...form.register("telefone")} />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" carregando={isSubmitting} disabled={!isDirty}>
              {isSubmitting ? "Salvando..." : "Salvar"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
