import { pode } from "@crm/domain/permissions";
import { MSG_RESPOSTAS, VARIAVEIS_RESPOSTA } from "@crm/domain/quick-replies";
import { type TRespostaRapida, type TSalvarResposta, ZSalvarResposta } from "@crm/domain/schemas/quick-replies";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { mensagemDeErro } from "../../lib/api";
import { aplicarErrosDoServidor } from "../../lib/formErrors";
import { useSessaoAtual } from "../../lib/session";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { Textarea } from "../../ui/Textarea";
import { toast } from "../../ui/toast";
import { CHAVE_RESPOSTAS, criarResposta, editarResposta } from "./api";

type Props = {
  /** the reply to edit; null to create one */
  resposta: TRespostaRapida | null;
  /** a new reply's text (the chat's 'Salvar como resposta rápida' brings the message box's) */
  conteudoInicial?: string;
  onSalva: () => void;
  onCancelar: () => void;
};

const DICA = `Variáveis: ${Object.entries(VARIAVEIS_RESPOSTA)
  .map(([v, o]) => `{{${v}}} (${o})`)
  .join(", ")}.`;

/** Create or edit a quick reply; the company's scope only for whoever manages the company's (decision 1838). */
export function QuickReplyForm({ resposta, conteudoInicial = "", onSalva, onCancelar }: Props) {
  const { usuario } = useSessaoAtual();
  const qc = useQueryClient();
  const daEmpresa = pode(usuario.papel, "respostas.empresa");
  const f = useForm<TSalvarResposta>({
    resolver: zodResolver(ZSalvarResposta),
    defaultValues: resposta
      ? { atalho: resposta.atalho, titulo: resposta.titulo, conteudo: resposta.conteudo, escopo: resposta.escopo }
      : { atalho: "", titulo: "", conteudo: conteudoInicial, escopo: "pessoal" },
  });
  const salvar = f.handleSubmit(async (dados) => {
    try {
      if (resposta) await editarResposta(resposta.id, { atalho: dados.atalho, titulo: dados.titulo, conteudo: dados.conteudo });
      else await criarResposta(dados);
      toast.success(resposta ? MSG_RESPOSTAS.salva : MSG_RESPOSTAS.criada);
      await qc.invalidateQueries({ queryKey: CHAVE_RESPOSTAS });
      onSalva();
    } catch (e) {
      if (!aplicarErrosDoServidor(e, f.setError, ["atalho", "titulo", "conteudo"]))
        toast.error(mensagemDeErro(e, MSG_RESPOSTAS.erroSalvar));
    }
  });
  const e = f.formState.errors;
  return (
    <form onSubmit={salvar} className="space-y-3" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Atalho" erro={e.atalho?.message} dica="Digite / e o atalho no chat, ex.: /pix">
          <Input autoCapitalize="none" autoComplete="off" {...f.register("atalho")} />
        </Field>
        <Field label="Título" erro={e.titulo?.message}>
          <Input {...f.register("titulo")} />
        </Field>
      </div>
      {daEmpresa && !resposta && (
        <Field label="Quem vê">
          <Select {...f.register("escopo")}>
            <option value="pessoal">Só eu (pessoal)</option>
            <option value="empresa">Toda a empresa</option>
          </Select>
        </Field>
      )}
      <Field label="Texto" erro={e.conteudo?.message} dica={DICA}>
        <Textarea rows={5} {...f.register("conteudo")} />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancelar}>
          Cancelar
        </Button>
        <Button type="submit" carregando={f.formState.isSubmitting}>
          {f.formState.isSubmitting ? "Salvando..." : "Salvar resposta"}
        </Button>
      </div>
    </form>
  );
}
