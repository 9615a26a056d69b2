import { MSG } from "@crm/domain/messages";
import { contar } from "@crm/domain/plural";
import type { TConsultor } from "@crm/domain/schemas/team";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../lib/api";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { toast } from "../../ui/toast";
import { CHAVE_CONSULTORES, excluirConsultor, type TAlvo } from "./api";

type Props = { consultor: TConsultor | null; onClose: () => void; alvo: TAlvo };

/** Delete confirmation (001 §8) with what really happens: access off, leads unassigned, nothing deleted. */
export function DeleteConsultantDialog({ consultor, onClose, alvo }: Props) {
  const qc = useQueryClient();
  const [ocupado, setOcupado] = useState(false);

  async function deletar() {
    if (!consultor) return;
    setOcupado(true);
    try {
      const { leadsDesatribuidos } = await excluirConsultor(alvo, consultor.id);
      await qc.invalidateQueries({ queryKey: CHAVE_CONSULTORES });
      toast.success(
        leadsDesatribuidos
          ? `${MSG.consultorDeletado} ${contar(leadsDesatribuidos, "lead ficou", "leads ficaram")} sem consultor.`
          : MSG.consultorDeletado,
      );
      onClose();
    } catch (e) {
      toast.error(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.erro : MSG.erroAtualizarConsultor);
    } finally {
      setOcupado(false);
    }
  }

  return (
    <Dialog
      open={!!consultor}
      onOpenChange={(v) => !v && !ocupado && onClose()}
      titulo="Deletar Consultor"
      descricao={consultor ? MSG.confirmarDeletarConsultor(consultor.nome) : undefined}
      rodape={
        <>
          <Button variant="outline" onClick={onClose} disabled={ocupado}>
            Cancelar
          </Button>
          <Button variant="danger" onClick={deletar} carregando={ocupado}>
            {ocupado ? "Deletando..." : "Deletar"}
          </Button>
        </>
      }
    >
      <Alert tipo="aviso">
        {MSG.avisoDeletarConsultor}
        {consultor && consultor.leads_atribuidos > 0 && ` Leads atribuídos agora: ${consultor.leads_atribuidos}.`}
      </Alert>
    </Dialog>
  );
}
