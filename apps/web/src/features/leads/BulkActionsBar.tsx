import { contar } from "@crm/domain/plural";
import { RefreshCw, Tag, Trash2, UserCheck, X } from "lucide-react";
import { Button } from "../../ui/Button";

type Props = {
  quantidade: number;
  onAtribuir: () => void;
  onStatus: () => void;
  /** absent where tags cannot be applied (the platform admin) */
  onEtiquetas?: () => void;
  onExcluir: () => void;
  onLimpar: () => void;
};

/** Actions on the selected rows of /leads: assign, change status, tags, delete. */
export function BulkActionsBar({ quantidade, onAtribuir, onStatus, onEtiquetas, onExcluir, onLimpar }: Props) {
  return (
    <section
      aria-label="Ações em massa"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-blue-200 bg-blue-50 px-4 py-2 text-sm"
    >
      <p className="mr-2 font-medium text-blue-950" aria-live="polite">
        {contar(quantidade, "lead selecionado", "leads selecionados")}
      </p>
      <Button size="sm" variant="outline" onClick={onAtribuir}>
        <UserCheck className="size-4" aria-hidden="true" />
        Atribuir
      </Button>
      <Button size="sm" variant="outline" onClick={onStatus}>
        <RefreshCw className="size-4" aria-hidden="true" />
        Alterar status
      </Button>
      {onEtiquetas && (
        <Button size="sm" variant="outline" onClick={onEtiquetas}>
          <Tag className="size-4" aria-hidden="true" />
          Etiquetas
        </Button>
      )}
      <Button size="sm" variant="danger" onClick={onExcluir}>
        <Trash2 className="size-4" aria-hidden="true" />
        Excluir
      </Button>
      <Button size="sm" variant="ghost" onClick={onLimpar} className="ml-auto">
        <X className="size-4" aria-hidden="true" />
        Limpar seleção
      </Button>
    </section>
  );
}
