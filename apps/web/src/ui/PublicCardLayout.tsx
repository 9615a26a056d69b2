import { ChartNoAxesCombined } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../lib/cn";

type Props = { titulo: string; subtitulo?: ReactNode; children: ReactNode; rodape?: ReactNode; larga?: boolean };

/** The centered card of the pages outside the shell: sign-in, registration, invitations, emailed links. */
export function PublicCardLayout({ titulo, subtitulo, children, rodape, larga }: Props) {
  return (
    <main className="flex min-h-full flex-col items-center justify-center bg-gradient-to-b from-blue-50 to-slate-100 px-4 py-10">
      <div className={cn("w-full", larga ? "max-w-3xl" : "max-w-md")}>
        <div className="mb-6 flex items-center justify-center gap-2 text-blue-800">
          <ChartNoAxesCombined className="size-7" aria-hidden="true" />
          <span className="text-lg font-bold tracking-tight">CRM Revisional</span>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-center text-2xl font-bold text-slate-900">{titulo}</h1>
          {subtitulo && <p className="mt-2 text-center text-sm text-slate-600">{subtitulo}</p>}
          <div className="mt-6">{children}</div>
        </div>
        {rodape && <div className="mt-6 text-center text-sm text-slate-700">{rodape}</div>}
      </div>
    </main>
  );
}
