import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";

type Props = { open: boolean; onFechar: () => void; onDescartar: () => void; onSalvar: () => void; salvando: boolean };

/** Leaving with unsaved changes (001 'Company settings'): close, 'Descartar' or 'Salvar'. */
export function UnsavedChangesDialog({ open, onFechar, onDescartar, onSalvar, salvando }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={(v) => !v && !salvando && onFechar()}
      titulo="Alterações não salvas"
      descricao="Você tem alterações que ainda não foram salvas. O que deseja fazer?"
      rodape={
        <>
          <Button variant="outline" onClick={onDescartar} disabled={salvando}>
            Descartar
          </Button>
          <Button onClick={onSalvar} carregando={salvando}>
            {salvando ? "Salvando..." : "Salvar"}
          </Button>
        </>
      }
    />
  );
}
