import { MSG } from "@crm/domain/messages";
import { type TModelo, type TSalvarModelo, ZSalvarModelo } from "@crm/domain/schemas/chat";
import { CATEGORIAS_MODELO } from "@crm/domain/templates";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { mensagemDeErro } from "../../lib/api";
import { aplicarErrosDoServidor } from "../../lib/formErrors";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { Textarea } from "../../ui/Textarea";
import { toast } from "../../ui/toast";
import { criarModelo, editarModelo } from "./api";

type Props = { modelo: TModelo | null; onSalvo: () => void; onCancelar: () => void };

/** Create or edit one of the company's own templates. {{nome}}, {{consultor}} and {{empresa}} are filled when used. */
export function TemplateForm({ modelo, onSalvo, onCancelar }: Props) {
  const f = useForm<TSalvarModelo>({
    resolver: zodResolver(ZSalvarModelo),
    defaultValues: modelo
      ? { nome: modelo.nome, categoria: modelo.categoria, conteudo: modelo.conteudo }
      : { nome: "", categoria: "Saudação", conteudo: "" },
  });
  const salvar = f.handleSubmit(async (dados) => {
    try {
      await (modelo ? editarModelo(modelo.id, dados) : criarModelo(dados));
      toast.success(modelo ? "Modelo atualizado." : "Modelo criado.");
      onSalvo();
    } catch (e) {
      if (!aplicarErrosDoServidor(e, f.setError, ["nome", "categoria", "conteudo"]))
        toast.error(mensagemDeErro(e, MSG.erroInterno));
    }
  });
  const e = f.formState.errors;
  return (
    <form onSubmit={salvar} className="space-y-3" noValidate>
      <Field label="Nome do modelo" erro={e.nome?.message}>
        <Input {...f.register("nome")} />
      </Field>
      <Field label="Categoria" erro={e.categoria?.message}>
        <Select {...f.register("categoria")}>
          {CATEGORIAS_MODELO.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </Select>
      </Field>
      <Field
        label="Conteúdo"
        erro={e.conteudo?.message}
        dica="Use {{nome}}, {{consultor}} e {{empresa}} para preencher automaticamente."
      >
        <Textarea rows={5} {...f.register("conteudo")} />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancelar}>
          Cancelar
        </Button>
        <Button type="submit" carregando={f.formState.isSubmitting}>
          {f.formState.isSubmitting ? "Salvando..." : "Salvar modelo"}
        </Button>
      </div>
    </form>
  );
}
