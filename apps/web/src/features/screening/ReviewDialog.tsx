import { MSG } from "@crm/domain/messages";
import { type TItemHistoricoIa, type TRevisarTriagem, ZRevisarTriagem } from "@crm/domain/schemas/screening";
import { ROTULO_DECISAO } from "@crm/domain/screening";
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
import { Select } from "../../ui/Select";
import { Textarea } from "../../ui/Textarea";
import { toast } from "../../ui/toast";
import { CHAVE_TRIAGEM, revisarTriagem, type TAlvo } from "./api";

type Props = { item: TItemHistoricoIa | null; alvo: TAlvo; onClose: () => void };

/** Human review of an automated decision (LGPD art. 20): the new decision and why, kept with the reviewer's name. */
export function ReviewDialog({ item, alvo, onClose }: Props) {
  const qc = useQueryClient();
  const [erro, setErro] = useState<string | null>(null);
  const form = useForm<TRevisarTriagem>({ resolver: zodResolver(ZRevisarTriagem) });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (item) form.reset({ decisao: undefined, motivo: "" });
    setErro(null);
  }, [item, form]);

  const salvar = form.handleSubmit(async (dados) => {
    if (!item) return;
    setErro(null);
    try {
      await revisarTriagem(alvo, item.id, dados);
      await qc.invalidateQueries({ queryKey: CHAVE_TRIAGEM });
      toast.success(MSG.revisaoSalva);
      onClose();
    } catch (e) {
      if (aplicarErrosDoServidor(e, form.setError, ["decisao", "motivo"])) return;
      setErro(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.erro : MSG.erroSalvarRevisao);
    }
  });

  return (
    <Dialog
      open={!!item}
      onOpenChange={(v) => !v && onClose()}
      titulo="Revisar decisão da triagem"
      descricao={
        item && (
          <>
            Lead <strong>{item.leadNome}</strong>. Decisão automática: {ROTULO_DECISAO[item.decisao]}
            {item.motivo || item.erro ? ` — ${item.motivo || item.erro}` : ""}. A revisão fica registrada com o seu nome e o
            motivo (LGPD, art. 20).
          </>
        )
      }
      rodape={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" form="form-revisar-triagem" carregando={isSubmitting}>
            {isSubmitting ? "Salvando..." : "Salvar revisão"}
          </Button>
        </>
      }
    >
      <form id="form-revisar-triagem" onSubmit={salvar} noValidate className="space-y-4">
        {erro && <Alert tipo="erro">{erro}</Alert>}
        <Field label="Nova decisão" erro={errors.decisao?.message}>
          <Select defaultValue="" {...form.register("decisao")}>
            <option value="" disabled>
              Selecione...
            </option>
            <option value="qualificado">Qualificado (vai para um consultor)</option>
            <option value="rejeitado">Rejeitado (Perdido)</option>
          </Select>
        </Field>
        <Field label="Motivo da revisão" erro={errors.motivo?.message}>
          <Textarea placeholder="Ex.: renda confirmada por extrato enviado pelo lead" {...form.register("motivo")} />
        </Field>
      </form>
    </Dialog>
  );
}
