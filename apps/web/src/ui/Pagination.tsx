import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./Button";

type Props = { pagina: number; tamanho: number; total: number; onChange: (pagina: number) => void };

export function Pagination({ pagina, tamanho, total, onChange }: Props) {
  const paginas = Math.max(1, Math.ceil(total / tamanho));
  if (total <= tamanho && pagina === 1) return null;
  const de = total === 0 ? 0 : (pagina - 1) * tamanho + 1;
  const ate = Math.min(total, pagina * tamanho);
  return (
    <nav aria-label="Paginação" className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <p>
        {de}–{ate} de {total}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onChange(pagina - 1)} disabled={pagina <= 1}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Anterior
        </Button>
        <span aria-current="page">
          Página {pagina} de {paginas}
        </span>
        <Button variant="outline" size="sm" onClick={() => onChange(pagina + 1)} disabled={pagina >= paginas}>
          Próxima
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
