import { MSG } from "@crm/domain/messages";
import { formatarTelefone } from "@crm/domain/phone-display";
import { type TConsultor, type TEdicaoConsultor, ZEdicaoConsultor } from "@crm/domain/schemas/team";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { ApiError } from "../../lib/api";
import { aplicarErrosDoServidor } from "../../lib/formErrors";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { toast } from "../../ui/toast";
import { atualizarConsultor, CHAVE_CONSULTORES, type TAlvo } from "./api";

type Props = { consultor: TConsultor | null; onClose: () => void; alvo: TAlvo };

/** Consultant edit (001 §5): nome and WhatsApp; the email is shown but fixed (it is the sign-in). */
export function EditConsultantDialog({ consultor, onClose, alvo }: Props) {
  const qc = useQueryClient();
  const [erro, setErro] = useState<string | null>(null);
  const form = useForm<TEdicaoConsultor>({ resolver: zodResolver(ZEdicaoConsultor) });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (consultor) form.reset({ nome: consultor.nome, whatsapp: formatarTelefone(consultor.whatsapp) });
    setErro(null);
  }, [consultor, form]);

  const salvar = form.handleSubmit(async (dados) => {
    if (!consultor) return;
    setErro(null);
    try {
      await atualizarConsultor(alvo, consultor.id, dados);
      await qc.invalidateQueries({ queryKey: CHAVE_CONSULTORES });
      toast.success(MSG.consultorAtualizado);
      onClose();
    } catch (e) {
      if (aplicarErrosDoServidor(e, form.setError, ["nome", "whatsapp"])) return;
      setErro(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.erro : MSG.erroAtualizarConsultor);
    }
  });

  return (
    <Dialog
      open={!!consultor}
      onOpenChange={(v) => !v && onClose()}
      titulo="Editar Consultor"
      rodape={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" form="form-editar-consultor" carregando={isSubmitting}>
            {isSubmitting ? "Salvando..." : "Salvar"}
          </Button>
        </>
      }
    >
      <form id="form-editar-consultor" onSubmit={salvar} noValidate className="space-y-4">
        {erro && <Alert tipo="erro">{erro}</Alert>}
        <Field label="Nome" erro={errors.nome?.message}>
          <Input autoComplete="off" {...form.register("nome")} />
        </Field>
        <Field label="Email" dica="O email não pode ser alterado: é usado para entrar no sistema.">
          <Input value={consultor?.email ?? ""} disabled readOnly />
        </Field>
        <Field label="WhatsApp" erro={errors.whatsapp?.message}>
          <Input type="tel" autoComplete="off" placeholder="(11) 99999-9999" {...form.register("whatsapp")} />
        </Field>
      </form>
    </Dialog>
  );
}
