import { MSG_PRAZOS } from "@crm/domain/deadlines";
import { mensagemDeErro } from "../../lib/api";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { toast } from "../../ui/toast";
import { mudarEstadoPrazo } from "./api";

/**
 * 'Cancelar prazo': the confirmation both the process's deadlines and 'Meus prazos' ask before cancelling one.
 * `aposCancelar` refreshes what the screen shows (the dialog closes first, so a slow refresh does not hold it open).
 */
export function CancelDeadlineDialog({
  prazo,
  fechar,
  aposCancelar,
}: {
  prazo: { id: string } | null;
  fechar: () => void;
  aposCancelar: () => Promise<unknown>;
}) {
  return (
    <ConfirmDialog
      open={!!prazo}
      onOpenChange={(v) => !v && fechar()}
      titulo="Cancelar prazo"
      mensagem={MSG_PRAZOS.confirmarCancelarPrazo}
      rotuloConfirmar="Cancelar prazo"
      rotuloConfirmando="Cancelando..."
      rotuloCancelar="Voltar"
      perigo
      onConfirmar={async () => {
        if (!prazo) return;
        try {
          await mudarEstadoPrazo(prazo.id, "cancelado");
          toast.success(MSG_PRAZOS.prazoCancelado);
          fechar();
          await aposCancelar();
        } catch (e) {
          toast.error(mensagemDeErro(e, MSG_PRAZOS.erroSalvarPrazo));
        }
      }}
    />
  );
}
