import { cn } from "../lib/cn";

type Props = {
  /** 0–100, or null while the remaining time is unknown (an indeterminate bar) */
  valor: number | null;
  rotulo: string;
  /** what the value means, e.g. "1.200 de 5.000": shown beside the percentage and read as the bar's value text */
  detalhe?: string;
  className?: string;
};

/** A progress bar for long actions (uploads, imports), announced to screen readers. */
export function ProgressBar({ valor, rotulo, detalhe, className }: Props) {
  const pct = valor === null ? null : Math.max(0, Math.min(100, Math.round(valor)));
  return (
    <div className={cn("space-y-1", className)}>
      <div className="flex justify-between text-xs text-slate-700">
        <span>{rotulo}</span>
        {(detalhe || pct !== null) && (
          <span className="tabular-nums">{[detalhe, pct !== null && `${pct}%`].filter(Boolean).join(" · ")}</span>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={rotulo}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct ?? undefined}
        aria-valuetext={detalhe && pct !== null ? `${detalhe} (${pct}%)` : undefined}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn("h-full rounded-full bg-blue-700 transition-[width]", pct === null && "w-1/3 animate-pulse")}
          style={pct === null ? undefined : { width: `${pct}%` }}
        />
      </div>
    </div>
  );
}
