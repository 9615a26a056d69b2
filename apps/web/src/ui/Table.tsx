import type { ComponentProps, ReactNode } from "react";
import { cn } from "../lib/cn";

/**
 * Table parts with the kit's look. Wrap in a scroll container so wide tables stay usable on phones. With
 * `rotulo`, the scroll container is a named, focusable region, so keyboard users can scroll a wide table too.
 * `relative` makes it the containing block of absolutely placed cells' content (the sr-only 'Ações' header):
 * without it they escape the scroll box and widen the whole page on a phone.
 */
export function Table({ className, rotulo, ...props }: ComponentProps<"table"> & { rotulo?: string }) {
  return (
    <div
      className="relative w-full overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-blue-600"
      {...(rotulo ? { role: "region", "aria-label": rotulo, tabIndex: 0 } : {})}
    >
      <table className={cn("w-full border-collapse text-left text-sm", className)} {...props} />
    </div>
  );
}

export function THead({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("border-b border-slate-200 bg-slate-50 text-slate-700", className)} {...props} />;
}

export function TBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("divide-y divide-slate-100", className)} {...props} />;
}

export function Tr({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("hover:bg-slate-50/60", className)} {...props} />;
}

export function Th({ className, ...props }: ComponentProps<"th">) {
  return <th scope="col" className={cn("px-4 py-3 font-semibold whitespace-nowrap", className)} {...props} />;
}

export function Td({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-4 py-3 align-middle text-slate-800", className)} {...props} />;
}

/** The empty-state row: one cell across the whole table with the spec's text. */
export function TableEmptyRow({ colunas, children }: { colunas: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colunas} className="px-4 py-10 text-center text-slate-600">
        {children}
      </td>
    </tr>
  );
}
