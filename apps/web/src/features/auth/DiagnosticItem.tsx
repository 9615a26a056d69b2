import { CircleCheck, CircleX } from "lucide-react";
import type { ReactNode } from "react";

/** One line of the /debug-auth diagnostics: ok or not, and details. */
export function DiagnosticItem({ ok, titulo, children }: { ok: boolean; titulo: string; children?: ReactNode }) {
  return (
    <div className="flex gap-3 py-3">
      {ok ? (
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-green-600" aria-label="OK" />
      ) : (
        <CircleX className="mt-0.5 size-5 shrink-0 text-red-600" aria-label="Problema" />
      )}
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">{titulo}</p>
        {children && <div className="mt-1 text-sm text-slate-700">{children}</div>}
      </div>
    </div>
  );
}
