import { MSG_PRAZOS } from "@crm/domain/deadlines";
import { type TPrazo, type TSalvarPrazo, type TSalvarPrazoEntrada, ZSalvarPrazo } from "@crm/domain/schemas/deadlines";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ApiError } from "../../lib/api";
import { aplicarErrosDoServidor } from "../../lib/formErrors";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { Textarea } from "../../ui/Textarea";
import { responsaveisQuery, type TAlvoPrazos } from "./api";

const CAMPOS = ["titulo", "descricao", "data_fatal", "data_seguranca", "responsavel_id"] as const;

type Props = {
  alvo: TAlvoPrazos;
  prazo?: TPrazo;
  onSalvar: (dados: TSalvarPrazo) => Promise<unknown>;
  onCancelar: () => void;
};

/** Add or edit a deadline, inside the process dialog: title, fatal date, safety date (optional), owner, description. */
export function DeadlineForm({ alvo, prazo, onSalvar, onCancelar }: Props) {
  const responsaveis = useQuery(responsaveisQuery(alvo));
  const [erro, setErro] = useState<string | null>(null);
  const form = useForm<TSalvarPrazoEntrada, unknown, TSalvarPrazo>({
    resolver: zodResolver(ZSalvarPrazo),
    defaultValues: {
      titulo: prazo?.titulo ?? "",
      descricao: prazo?.descricao ?? "",
      data_fatal: prazo?.data_fatal ?? "",
      data_seguranca: prazo?.data_seguranca ?? "",
      responsavel_id: prazo?.responsavel_id ?? "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const salvar = form.handleSubmit(async (dados) => {
    setErro(null);
    try {
      await onSalvar(dados);
    } catch (e) {
      if (aplicarErrosDoServidor(e, form.setError, CAMPOS)) return;
      setErro(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.erro : MSG_PRAZOS.erroSalvarPrazo);
    }
  });
  const opcoes = responsaveis.data ?? [];
  const foraDasOpcoes = prazo?.responsavel_id && !opcoes.some((o) => o.id === prazo.responsavel_id);

  return (
    <form
      onSubmit={salvar}
      noValidate
      aria-label={prazo ? "Editar prazo" : "Novo prazo"}
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      {erro && <Alert tipo="erro">{erro}</Alert>}
      <Field label="Título do prazo" erro={errors.titulo?.message}>
        <Input autoFocus {...form.register("titulo")} />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Data fatal" erro={errors.data_fatal?.message}>
          <Input type="date" {...form.register("data_fatal")} />
        </Field>
        <Field label="Data de segurança" erro={errors.data_seguranca?.message} dica="Em branco: um dia útil antes da data fatal">
          <Input type="date" {...form.register("data_seguranca")} />
        </Field>
      </div>
      <Field label="Responsável" erro={errors.responsavel_id?.message} dica="Em branco: você">
        <Select {...form.register("responsavel_id")}>
          <option value="">Eu mesmo</option>
          {foraDasOpcoes && prazo?.responsavel_id && (
            <option value={prazo.responsavel_id}>{prazo.responsavel_nome ?? "Responsável atual"}</option>
          )}
          {opcoes.map((o) => (
            <option key={o.id} value={o.id}>
              {o.nome === o.email ? o.email : `${o.nome} (${o.email})`}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Descrição (opcional)" erro={errors.descricao?.message}>
        <Textarea rows={2} {...form.register("descricao")} />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onCancelar}>
          Cancelar
        </Button>
        <Button type="submit" size="sm" carregando={isSubmitting}>
          {isSubmitting ? "Salvando..." : prazo ? "Salvar prazo" : "Adicionar prazo"}
        </Button>
      </div>
    </form>
  );
}
