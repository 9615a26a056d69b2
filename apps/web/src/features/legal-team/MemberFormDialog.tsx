import { MSG } from "@crm/domain/messages";
import { formatarTelefone } from "@crm/domain/phone-display";
import {
  type TMembroJuridico,
  type TNovoMembroJuridico,
  type TNovoMembroJuridicoEntrada,
  ZNovoMembroJuridico,
} from "@crm/domain/schemas/team";
import { ESPECIALIDADES_JURIDICAS } from "@crm/domain/status";
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
import { Select } from "../../ui/Select";
import { toast } from "../../ui/toast";
import { atualizarMembro, CHAVE_EQUIPE_JURIDICA, criarMembro, type TAlvo } from "./api";

type Props = {
  /** 'novo' to add; a member to edit; null when closed */
  membro: TMembroJuridico | "novo" | null;
  onClose: () => void;
  alvo: TAlvo;
};

const VAZIO: TNovoMembroJuridicoEntrada = {
  nome: "",
  email: "",
  telefone: "",
  especialidade: "" as never,
  status: "ativo",
  enviarConvite: true,
};

/** Add / edit form (001 §5: nome, email, telefone and especialidade all required). */
export function MemberFormDialog({ membro, onClose, alvo }: Props) {
  const qc = useQueryClient();
  const novo = membro === "novo";
  const [erro, setErro] = useState<string | null>(null);
  const form = useForm<TNovoMembroJuridicoEntrada, unknown, TNovoMembroJuridico>({
    resolver: zodResolver(ZNovoMembroJuridico),
    defaultValues: VAZIO,
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    setErro(null);
    if (membro === "novo") form.reset(VAZIO);
    else if (membro) form.reset({ ...membro, telefone: formatarTelefone(membro.telefone), enviarConvite: false });
  }, [membro, form]);

  const salvar = form.handleSubmit(async ({ enviarConvite, ...dados }) => {
    if (!membro) return;
    setErro(null);
    try {
      if (membro === "novo") {
        await criarMembro(alvo, { ...dados, enviarConvite });
        toast.success(enviarConvite ? `${MSG.membroAdicionado} ${MSG.conviteEnviado(dados.email)}` : MSG.membroAdicionado);
      } else {
        await atualizarMembro(alvo, membro.id, dados);
        toast.success(MSG.membroAtualizado);
      }
      await qc.invalidateQueries({ queryKey: CHAVE_EQUIPE_JURIDICA });
      onClose();
    } catch (e) {
      if (aplicarErrosDoServidor(e, form.setError, ["nome", "email", "telefone", "especialidade", "status"])) return;
      setErro(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.erro : MSG.erroInterno);
    }
  });

  const comAcesso = membro !== null && membro !== "novo" && membro.tem_acesso;
  return (
    <Dialog
      open={membro !== null}
      onOpenChange={(v) => !v && onClose()}
      titulo={novo ? "Adicionar Membro" : "Editar Membro"}
      rodape={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" form="form-membro-juridico" carregando={isSubmitting}>
            {isSubmitting ? "Salvando..." : novo ? "Adicionar" : "Salvar"}
          </Button>
        </>
      }
    >
      <form id="form-membro-juridico" onSubmit={salvar} noValidate className="space-y-4">
        {erro && <Alert tipo="erro">{erro}</Alert>}
        <Field label="Nome" erro={errors.nome?.message}>
          <Input autoComplete="off" {...form.register("nome")} />
        </Field>
        <Field
          label="Email"
          erro={errors.email?.message}
          dica={comAcesso ? "É o login do membro: não pode ser alterado." : undefined}
        >
          <Input type="email" autoComplete="off" readOnly={comAcesso} {...form.register("email")} />
        </Field>
        <Field label="Telefone" erro={errors.telefone?.message}>
          <Input type="tel" autoComplete="off" placeholder="(11) 99999-9999" {...form.register("telefone")} />
        </Field>
        <Field label="Especialidade" erro={errors.especialidade?.message}>
          <Select {...form.register("especialidade")}>
            <option value="">Selecione...</option>
            {ESPECIALIDADES_JURIDICAS.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Status">
          <Select {...form.register("status")}>
            <option value="ativo">Ativo</option>
            <option value="inativo">Inativo</option>
          </Select>
        </Field>
        {novo && (
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" className="mt-0.5 size-4 accent-blue-700" {...form.register("enviarConvite")} />
            <span>Enviar convite de acesso ao sistema (perfil Jurídico) por email</span>
          </label>
        )}
      </form>
    </Dialog>
  );
}
