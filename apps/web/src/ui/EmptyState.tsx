import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../lib/cn";

type Props = {
  icone?: LucideIcon;
  titulo: string;
  descricao?: ReactNode;
  acao?: ReactNode;
  className?: string;
  /** 'h1' when the empty state is the whole page (it then names the page for screen readers) */
  comoTitulo?: "h1";
};

/** What a list shows when it has nothing (the spec's empty-state texts). */
export function EmptyState({ icone: Icone, titulo, descricao, acao, className, comoTitulo }: Props) {
  const Titulo = comoTitulo ?? "p";
  return (
    <div className={cn("flex flex-col items-center justify-center gap-2 px-6 py-12 text-center", className)}>
      {Icone && <Icone className="size-10 text-slate-400" aria-hidden="true" />}
      <Titulo className="font-medium text-slate-800">{titulo}</Titulo>
      {descricao && <p className="max-w-md text-sm text-slate-600">{descricao}</p>}
      {acao && <div className="mt-2">{acao}</div>}
    </div>
  );
}
