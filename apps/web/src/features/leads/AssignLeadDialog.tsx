import { MSG } from "@crm/domain/messages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Field";
import { Select } from "../../ui/Select";
import { toast } from "../../ui/toast";
import { acaoEmMassa, atribuirLead, CHAVE_LEADS, consultoresQuery } from "./api";
import { mensagemOu } from "./errorMessage";

type Props = {
  base: string;
  /** the leads to assign: one (row action) or the selection (bulk) */
  leads: { id: string; nome: string }[];
  onFechar: (atribuido: boolean) => void;
};

/** The assign-consultant modal (000 §2.12): 'Atribuir' stays disabled until a consultant is chosen and while saving. */
export function AssignLeadDialog({ base, leads, onFechar }: Props) {
  const qc = useQueryClient();
  const consultores = useQuery(consultoresQuery(base));
  const [consultorId, setConsultorId] = useState("");
  const salvar = useMutation({
    mutationFn: () =>
      leads.length === 1
        ? atribuirLead(base, leads[0].id, consultorId)
        : acaoEmMassa(base, { acao: "atribuir", ids: leads.map((l) => l.id), consultorId }),
    onSuccess: () => {
      toast.success(leads.length === 1 ? "Lead atribuído com sucesso!" : `${leads.length} leads atribuídos com sucesso!`);
      void qc.invalidateQueries({ queryKey: CHAVE_LEADS });
      onFechar(true);
    },
    onError: (e) => toast.error(mensagemOu(e, MSG.erroAtribuirLead)),
  });
  const descricao =
    leads.length === 1
      ? `Escolha o consultor do lead ${leads[0].nome}.`
      : `Escolha o consultor dos ${leads.length} leads selecionados.`;
  return (
    <Dialog
      open
      onOpenChange={(v) => !v && !salvar.isPending && onFechar(false)}
      titulo="Atribuir Lead"
      descricao={descricao}
      rodape={
        <>
          <Button variant="outline" onClick={() => onFechar(false)} disabled={salvar.isPending}>
            Cancelar
          </Button>
          <Button onClick={() => salvar.mutate()} disabled={!consultorId} carregando={salvar.isPending}>
            {salvar.isPending ? "Atribuindo..." : "Atribuir"}
          </Button>
        </>
      }
    >
      <Field label="Consultor">
        <Select value={consultorId} onChange={(e) => setConsultorId(e.target.value)} disabled={consultores.isPending}>
          <option value="">{consultores.isPending ? "Carregando..." : "Selecione um consultor"}</option>
          {consultores.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.nome} ({c.status_conexao})
            </option>
          ))}
        </Select>
      </Field>
      {consultores.data?.length === 0 && <p className="mt-2 text-sm text-slate-600">{MSG.nenhumConsultor}</p>}
    </Dialog>
  );
}
