import { MSG } from "@crm/domain/messages";
import type { TStatusLead } from "@crm/domain/status";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Field";
import { Select } from "../../ui/Select";
import { toast } from "../../ui/toast";
import { acaoEmMassa, CHAVE_LEADS, mudarStatusLead } from "./api";
import { mensagemOu } from "./errorMessage";
import { LeadStatusOptions } from "./LeadStatusOptions";

type Props = { base: string; leads: { id: string; nome: string; status_lead?: string }[]; onFechar: (mudou: boolean) => void };

/** Change the status of one lead or of the selected ones; every change lands in the leads' history. */
export function ChangeStatusDialog({ base, leads, onFechar }: Props) {
  const qc = useQueryClient();
  const [status, setStatus] = useState<TStatusLead | "">(leads.length === 1 ? ((leads[0].status_lead as TStatusLead) ?? "") : "");
  const salvar = useMutation({
    mutationFn: () =>
      leads.length === 1
        ? mudarStatusLead(base, leads[0].id, status as TStatusLead)
        : acaoEmMassa(base, { acao: "status", ids: leads.map((l) => l.id), status: status as TStatusLead }),
    onSuccess: () => {
      toast.success("Status atualizado com sucesso!");
      void qc.invalidateQueries({ queryKey: CHAVE_LEADS });
      onFechar(true);
    },
    onError: (e) => toast.error(mensagemOu(e, MSG.erroAtualizarStatus)),
  });
  return (
    <Dialog
      open
      onOpenChange={(v) => !v && !salvar.isPending && onFechar(false)}
      titulo="Alterar status"
      descricao={
        leads.length === 1 ? `Novo status do lead ${leads[0].nome}.` : `Novo status dos ${leads.length} leads selecionados.`
      }
      rodape={
        <>
          <Button variant="outline" onClick={() => onFechar(false)} disabled={salvar.isPending}>
            Cancelar
          </Button>
          <Button onClick={() => salvar.mutate()} disabled={!status} carregando={salvar.isPending}>
            {salvar.isPending ? "Salvando..." : "Salvar"}
          </Button>
        </>
      }
    >
      <Field label="Status">
        <Select value={status} onChange={(e) => setStatus(e.target.value as TStatusLead)}>
          <LeadStatusOptions vazio="Selecione um status" />
        </Select>
      </Field>
    </Dialog>
  );
}
