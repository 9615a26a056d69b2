import { MSG } from "@crm/domain/messages";
import { useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { toast } from "../../ui/toast";
import { acaoEmMassa, CHAVE_LEADS, excluirLead } from "./api";
import { mensagemOu } from "./errorMessage";

type Props = { base: string; leads: { id: string; nome: string }[]; onFechar: (excluido: boolean) => void };

/** Delete confirmation: the lead's messages and documents go with it, in one transaction on the server. */
export function DeleteLeadsDialog({ base, leads, onFechar }: Props) {
  const qc = useQueryClient();
  const um = leads.length === 1;
  async function excluir() {
    try {
      if (um) await excluirLead(base, leads[0].id);
      else await acaoEmMassa(base, { acao: "excluir", ids: leads.map((l) => l.id) });
    } catch (e) {
      toast.error(mensagemOu(e, MSG.erroExcluirLead));
      throw e;
    }
    toast.success(um ? "Lead excluído com sucesso!" : `${leads.length} leads excluídos com sucesso!`);
    void qc.invalidateQueries({ queryKey: CHAVE_LEADS });
    onFechar(true);
  }
  return (
    <ConfirmDialog
      open
      onOpenChange={(v) => !v && onFechar(false)}
      titulo={um ? "Excluir lead" : "Excluir leads"}
      mensagem={`Tem certeza que deseja excluir ${um ? `o lead "${leads[0].nome}"` : `os ${leads.length} leads selecionados`}? As mensagens e os documentos ${um ? "do lead" : "desses leads"} também serão excluídos. Esta ação não pode ser desfeita.`}
      rotuloConfirmar="Excluir"
      rotuloConfirmando="Excluindo..."
      perigo
      onConfirmar={excluir}
    />
  );
}
