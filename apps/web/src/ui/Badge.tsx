import type { ComponentProps } from "react";
import { cn } from "../lib/cn";

const VARIANTES = {
  neutro: "bg-slate-100 text-slate-800",
  azul: "bg-blue-100 text-blue-800",
  verde: "bg-green-100 text-green-800",
  amarelo: "bg-amber-100 text-amber-900",
  vermelho: "bg-red-100 text-red-800",
  roxo: "bg-violet-100 text-violet-800",
} as const;

export type TBadgeVariante = keyof typeof VARIANTES;

export function Badge({ variante = "neutro", className, ...props }: ComponentProps<"span"> & { variante?: TBadgeVariante }) {
  return (
    <span
      className={cn(
        "inline-flex max-w-full items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap",
        VARIANTES[variante],
        className,
      )}
      {...props}
    />
  );
}
