import { formatarDataHora } from "@crm/domain/format";
import { MSG_NOTAS } from "@crm/domain/notes";
import type { TNota } from "@crm/domain/schemas/notes";
import { StickyNote } from "lucide-react";

/** An internal note in the timeline (decision 1832): set apart from the messages, centred, amber, labelled. */
export function NoteBubble({ nota }: { nota: TNota }) {
  return (
    <article
      className="mx-auto my-1 w-[min(92%,36rem)] rounded-lg border border-dashed border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950"
      aria-label={`${MSG_NOTAS.rotulo} de ${nota.autor_nome}`}
    >
      <p className="flex items-center gap-1 text-xs font-semibold text-amber-900">
        <StickyNote className="size-3.5" aria-hidden="true" />
        {MSG_NOTAS.rotulo} · {nota.autor_nome} · {formatarDataHora(nota.created_at)}
      </p>
      <p className="mt-1 whitespace-pre-wrap break-words">{nota.texto}</p>
    </article>
  );
}
