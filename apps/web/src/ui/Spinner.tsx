import { cn } from "../lib/cn";

type Props = { className?: string; rotulo?: string };

/** A spinning circle; with `rotulo`, screen readers announce it. */
export function Spinner({ className, rotulo }: Props) {
  return (
    <span role={rotulo ? "status" : undefined} className="inline-flex items-center">
      <svg className={cn("size-4 animate-spin", className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
        <path d="M4 12a8 8 0 0 1 8-8" stroke="currentColor" strokeWidth="4" strokeLinecap="round" className="opacity-90" />
      </svg>
      {rotulo && <span className="sr-only">{rotulo}</span>}
    </span>
  );
}
