import type { TEtiqueta } from "@crm/domain/schemas/tags";
import { cn } from "../../lib/cn";

/**
 * A tag as a chip. The palette's colours (600 shades) are too dark for dark text and too light for white small text
 * (green, orange, cyan fall under 4.5:1), so the colour tints the chip and marks its dot and border, and the text
 * stays slate-900 on a near-white tint: readable whatever the colour.
 */
export function TagChip({ etiqueta, className }: { etiqueta: Pick<TEtiqueta, "nome" | "cor">; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex max-w-full items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-medium text-slate-900",
        className,
      )}
      style={{ borderColor: etiqueta.cor, backgroundColor: `${etiqueta.cor}14` }}
    >
      <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: etiqueta.cor }} aria-hidden="true" />
      <span className="truncate">{etiqueta.nome}</span>
    </span>
  );
}

/** A lead's tags in a row that wraps; nothing when it has none. */
export function TagChips({ etiquetas, className }: { etiquetas: TEtiqueta[]; className?: string }) {
  if (!etiquetas.length) return null;
  return (
    <ul className={cn("flex flex-wrap gap-1", className)} aria-label="Etiquetas">
      {etiquetas.map((e) => (
        <li key={e.id} className="max-w-full">
          <TagChip etiqueta={e} />
        </li>
      ))}
    </ul>
  );
}
