import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../lib/cn";
import { Card } from "./Card";

type Props = {
  titulo: string;
  valor: ReactNode;
  icone?: LucideIcon;
  /** a line under the value, e.g. the change against the previous period */
  rodape?: ReactNode;
  className?: string;
};

/** A lead figure of the domain (lead-figures.ts): its one label, and its definition under the value (decision 1632). */
export function Figura({ f, ...p }: Omit<Props, "titulo" | "rodape"> & { f: { rotulo: string; definicao: string } }) {
  return <StatCard titulo={f.rotulo} rodape={<span className="text-slate-500">{f.definicao}</span>} {...p} />;
}

/** One figure of a stats row (dashboards, team counters). */
export function StatCard({ titulo, valor, icone: Icone, rodape, className }: Props) {
  return (
    <Card className={cn("p-4", className)}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">{titulo}</p>
          <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{valor}</p>
        </div>
        {Icone && (
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blue-50 text-blue-700">
            <Icone className="size-5" aria-hidden="true" />
          </span>
        )}
      </div>
      {rodape && <div className="mt-2 text-xs text-slate-600">{rodape}</div>}
    </Card>
  );
}
