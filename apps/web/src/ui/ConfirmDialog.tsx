import { useState } from "react";
import { Button } from "./Button";
import { Dialog } from "./Dialog";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  titulo: string;
  mensagem: string;
  rotuloConfirmar?: string;
  rotuloConfirmando?: string;
  rotuloCancelar?: string;
  perigo?: boolean;
  /** may be async: the confirm button shows progress until it settles; the dialog closes on success */
  onConfirmar: () => unknown | Promise<unknown>;
};

export function ConfirmDialog({
  open,
  onOpenChange,
  titulo,
  mensagem,
  rotuloConfirmar = "Confirmar",
  rotuloConfirmando = "Processando...",
  rotuloCancelar = "Cancelar",
  perigo,
  onConfirmar,
}: Props) {
  const [ocupado, setOcupado] = useState(false);
  async function confirmar() {
    setOcupado(true);
    try {
      await onConfirmar();
      onOpenChange(false);
    } catch {
      // the caller reports the error (toast); keep the dialog open to retry
    } finally {
      setOcupado(false);
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(v) => !ocupado && onOpenChange(v)}
      titulo={titulo}
      descricao={mensagem}
      rodape={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={ocupado}>
            {rotuloCancelar}
          </Button>
          <Button variant={perigo ? "danger" : "primary"} onClick={confirmar} carregando={ocupado}>
            {ocupado ? rotuloConfirmando : rotuloConfirmar}
          </Button>
        </>
      }
    />
  );
}
