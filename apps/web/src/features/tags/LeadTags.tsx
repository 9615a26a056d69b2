import { MSG_ETIQUETAS } from "@crm/domain/tags";
import { useQuery } from "@tanstack/react-query";
import { Tag } from "lucide-react";
import { useState } from "react";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { etiquetasDoLeadQuery } from "./api";
import { LeadTagsDialog } from "./LeadTagsDialog";
import { TagChips } from "./TagChip";

/** The lead's tags in the chat, with the button that edits them. */
export function LeadTags({ leadId, leadNome, aoSalvar }: { leadId: string; leadNome: string; aoSalvar?: () => unknown }) {
  const q = useQuery(etiquetasDoLeadQuery(leadId));
  const [editando, setEditando] = useState(false);
  return (
    <div className="space-y-2">
      {q.isPending ? (
        <Spinner rotulo="Carregando etiquetas" className="size-4 text-blue-700" />
      ) : q.isError ? (
        <p className="text-sm text-red-700">{MSG_ETIQUETAS.erroCarregar}</p>
      ) : q.data.length ? (
        <TagChips etiquetas={q.data} />
      ) : (
        <p className="text-sm text-slate-600">{MSG_ETIQUETAS.semEtiquetasNoLead}</p>
      )}
      <Button size="sm" variant="outline" onClick={() => setEditando(true)}>
        <Tag className="size-4" aria-hidden="true" />
        Editar etiquetas
      </Button>
      {editando && <LeadTagsDialog leadId={leadId} leadNome={leadNome} onFechar={() => setEditando(false)} aoSalvar={aoSalvar} />}
    </div>
  );
}
