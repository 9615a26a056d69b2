import { Dialog } from "../../ui/Dialog";
import { QuickReplyForm } from "./QuickReplyForm";

type Props = { open: boolean; onOpenChange: (v: boolean) => void; texto: string };

/** The chat's 'Salvar como resposta rápida': the message box's text becomes a new quick reply. */
export function SaveQuickReplyDialog({ open, onOpenChange, texto }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} titulo="Salvar como resposta rápida" className="max-w-xl">
      {open && (
        <QuickReplyForm
          resposta={null}
          conteudoInicial={texto}
          onSalva={() => onOpenChange(false)}
          onCancelar={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}
