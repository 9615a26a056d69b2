import type { TEtiqueta, TSalvarEtiqueta } from "@crm/domain/schemas/tags";
import { ZSalvarEtiqueta } from "@crm/domain/schemas/tags";
import { CORES_ETIQUETA, MSG_ETIQUETAS, NOMES_CORES_ETIQUETA } from "@crm/domain/tags";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm, useWatch } from "react-hook-form";
import { ApiError } from "../../lib/api";
import { aplicarErrosDoServidor } from "../../lib/formErrors";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Field";
import { FieldError } from "../../ui/FieldError";
import { Input } from "../../ui/Input";
import { toast } from "../../ui/toast";
import { CHAVE_ETIQUETAS, criarEtiqueta, editarEtiqueta } from "./api";
import { TagChip } from "./TagChip";

type Props = { etiqueta?: TEtiqueta; onFechar: () => void };

/** Creates a company tag, or renames and recolours one (decision 1833); the preview shows the chip as leads will. */
export function TagFormDialog({ etiqueta, onFechar }: Props) {
  const qc = useQueryClient();
  const f = useForm<TSalvarEtiqueta>({
    resolver: zodResolver(ZSalvarEtiqueta),
    defaultValues: { nome: etiqueta?.nome ?? "", cor: (etiqueta?.cor as TSalvarEtiqueta["cor"]) ?? CORES_ETIQUETA[0] },
  });
  const [nome, cor] = useWatch({ control: f.control, name: ["nome", "cor"] });
  const e = f.formState.errors;
  const salvar = f.handleSubmit(async (dados) => {
    try {
      await (etiqueta ? editarEtiqueta(etiqueta.id, dados) : criarEtiqueta(dados));
      toast.success(etiqueta ? MSG_ETIQUETAS.alterada : MSG_ETIQUETAS.criada);
      await qc.invalidateQueries({ queryKey: CHAVE_ETIQUETAS });
      // chips on open chats and boards show the new name and colour
      void qc.invalidateQueries({ queryKey: ["chat"] });
      onFechar();
    } catch (err) {
      if (aplicarErrosDoServidor(err, f.setError, ["nome", "cor"])) return;
      if (err instanceof ApiError && err.status === 409) f.setError("nome", { message: err.erro });
      else toast.error(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.erro : MSG_ETIQUETAS.erroSalvar);
    }
  });
  const ocupado = f.formState.isSubmitting;
  return (
    <Dialog
      open
      onOpenChange={(v) => !v && !ocupado && onFechar()}
      titulo={etiqueta ? "Editar etiqueta" : "Nova etiqueta"}
      rodape={
        <>
          <Button variant="outline" onClick={onFechar} disabled={ocupado}>
            Cancelar
          </Button>
          <Button type="submit" form="form-etiqueta" carregando={ocupado}>
            {ocupado ? "Salvando..." : "Salvar"}
          </Button>
        </>
      }
    >
      <form id="form-etiqueta" onSubmit={salvar} noValidate className="space-y-4">
        <Field label="Nome da etiqueta" erro={e.nome?.message}>
          <Input maxLength={40} autoComplete="off" {...f.register("nome")} />
        </Field>
        <fieldset aria-describedby={e.cor ? "cor-etiqueta-erro" : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-800">Cor</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {CORES_ETIQUETA.map((c) => (
              <label
                key={c}
                className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-200 px-2 py-1.5 text-sm text-slate-800 has-[:checked]:border-blue-600 has-[:checked]:ring-1 has-[:checked]:ring-blue-600"
              >
                <input type="radio" value={c} className="size-4 accent-blue-700" {...f.register("cor")} />
                <span className="size-4 rounded-full" style={{ backgroundColor: c }} aria-hidden="true" />
                {NOMES_CORES_ETIQUETA[c]}
              </label>
            ))}
          </div>
          <FieldError id="cor-etiqueta-erro">{e.cor?.message}</FieldError>
        </fieldset>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          Prévia: <TagChip etiqueta={{ nome: nome.trim() || "Etiqueta", cor }} />
        </p>
      </form>
    </Dialog>
  );
}
