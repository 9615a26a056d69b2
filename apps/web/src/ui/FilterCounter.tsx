import { cn } from "../lib/cn";

/** A counter that filters its list when pressed (the status counters above /processos and /juridico-leads). */
export function FilterCounter({
  rotulo,
  valor,
  ativo,
  onClick,
}: {
  rotulo: string;
  valor?: number;
  ativo: boolean;
  onClick: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        aria-pressed={ativo}
        onClick={onClick}
        className={cn(
          "flex h-full w-full flex-col items-start rounded-lg border bg-white p-3 text-left hover:border-blue-400",
          "focus-visible:outline-2 focus-visible:outline-blue-600",
          ativo ? "border-blue-600 ring-1 ring-blue-600" : "border-slate-200",
        )}
      >
        <span className="text-xs font-medium text-slate-600">{rotulo}</span>
        <span className="mt-1 text-xl font-bold text-slate-900 tabular-nums">{valor ?? "—"}</span>
      </button>
    </li>
  );
}
