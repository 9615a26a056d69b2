import { MSG } from "@crm/domain/messages";
import { isoDiaSP } from "@crm/domain/period";
import { PLANOS } from "@crm/domain/plans";
import { STATUS_NOVA_EMPRESA, type TEmpresaCartao, ZEdicaoEmpresa, ZNovaEmpresa } from "@crm/domain/schemas/companies";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { ApiError } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Field";
import { FieldError } from "../../ui/FieldError";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { toast } from "../../ui/toast";
import { CHAVE_EMPRESAS, criarEmpresa, editarEmpresa } from "./api";

type TForm = Record<
  "nome_empresa" | "email_contato" | "plano_assinatura" | "status_assinatura" | "data_adesao" | "nome_admin" | "email_admin",
  string
>;
type TEmpresaEditavel = Pick<TEmpresaCartao, "id" | "nome_empresa" | "email_contato" | "plano_assinatura" | "data_adesao">;

const vazio = (): TForm => ({
  nome_empresa: "",
  email_contato: "",
  plano_assinatura: "Básico",
  status_assinatura: "Ativo",
  data_adesao: isoDiaSP(new Date()),
  nome_admin: "",
  email_admin: "",
});

/**
 * 'Nova Empresa' (000 §2.11: name, email, plan, status Ativo/Inativo, join date; built for real, with the first admin who
 * is invited by email) and 'Editar' (the same company fields). Messages of the domain schema next to each field.
 */
export function CompanyFormDialog({ empresa, onClose }: { empresa: TEmpresaEditavel | "nova" | null; onClose: () => void }) {
  const qc = useQueryClient();
  const editando = empresa && empresa !== "nova" ? empresa : null;
  const schema = editando ? ZEdicaoEmpresa : ZNovaEmpresa;
  const form = useForm<TForm>({ resolver: zodResolver(schema) as unknown as Resolver<TForm>, defaultValues: vazio() });
  const { errors, dirtyFields } = form.formState;
  useEffect(() => {
    if (!empresa) return;
    form.reset(editando ? { ...vazio(), ...editando } : vazio());
  }, [empresa, editando, form]);

  const salvar = useMutation({
    mutationFn: (d: TForm) =>
      editando ? editarEmpresa(editando.id, ZEdicaoEmpresa.parse(d)) : criarEmpresa(ZNovaEmpresa.parse(d)),
    onSuccess: (_r, d) => {
      toast.success(
        editando ? MSG.empresaAtualizada : MSG.empresaCriada(d.nome_empresa.trim(), d.email_admin.trim().toLowerCase()),
      );
      void qc.invalidateQueries({ queryKey: CHAVE_EMPRESAS });
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.campos) {
        for (const [campo, msg] of Object.entries(e.campos)) form.setError(campo as keyof TForm, { message: msg });
        return;
      }
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) {
        toast.error(editando ? e.erro : MSG.erroCriarEmpresa(e.erro));
        return;
      }
      toast.error(MSG.erroSalvarEmpresa);
    },
  });

  // the admin's email starts as the contact email (like the sign-up's second step), until typed over
  const emailContato = form.watch("email_contato");
  useEffect(() => {
    if (!editando && !dirtyFields.email_admin) form.setValue("email_admin", emailContato);
  }, [emailContato, editando, dirtyFields.email_admin, form]);

  return (
    <Dialog
      open={!!empresa}
      onOpenChange={(v) => !v && !salvar.isPending && onClose()}
      titulo={editando ? "Editar Empresa" : "Nova Empresa"}
      descricao={editando ? undefined : "O administrador recebe por email um convite para criar a senha e entrar."}
    >
      <form
        onSubmit={form.handleSubmit((d) => salvar.mutate(d))}
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        aria-label={editando ? "Editar empresa" : "Nova empresa"}
      >
        <Field label="Nome da empresa" erro={errors.nome_empresa?.message} className="sm:col-span-2">
          <Input autoComplete="organization" {...form.register("nome_empresa")} />
        </Field>
        <Field label="Email de contato" erro={errors.email_contato?.message} className="sm:col-span-2">
          <Input type="email" autoComplete="email" {...form.register("email_contato")} />
        </Field>
        <Field label="Plano" erro={errors.plano_assinatura?.message}>
          <Select {...form.register("plano_assinatura")}>
            {PLANOS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Data de adesão" erro={errors.data_adesao?.message}>
          <Input type="date" max={isoDiaSP(new Date())} {...form.register("data_adesao")} />
        </Field>
        {!editando && (
          <>
            <fieldset className="sm:col-span-2">
              <legend className="text-sm font-medium text-slate-800">Status</legend>
              <div className="mt-2 flex gap-6">
                {STATUS_NOVA_EMPRESA.map((s) => (
                  <label key={s} className="flex items-center gap-2 text-sm text-slate-800">
                    <input type="radio" value={s} className="size-4 accent-blue-700" {...form.register("status_assinatura")} />
                    {s}
                  </label>
                ))}
              </div>
              <FieldError id="status-erro">{errors.status_assinatura?.message}</FieldError>
            </fieldset>
            <Field label="Nome do administrador" erro={errors.nome_admin?.message}>
              <Input autoComplete="name" {...form.register("nome_admin")} />
            </Field>
            <Field label="Email do administrador" erro={errors.email_admin?.message}>
              <Input type="email" {...form.register("email_admin")} />
            </Field>
          </>
        )}
        <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
          <Button variant="outline" onClick={onClose} disabled={salvar.isPending}>
            Cancelar
          </Button>
          <Button type="submit" carregando={salvar.isPending}>
            {salvar.isPending ? "Salvando..." : editando ? "Salvar" : "Criar Empresa"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
