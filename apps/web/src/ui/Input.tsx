import type { ComponentProps } from "react";
import { cn } from "../lib/cn";

export const campoClasses = (invalido?: boolean, extra?: string) =>
  cn(
    "block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-500",
    "focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-blue-600",
    "disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500",
    invalido ? "border-red-600" : "border-slate-300",
    extra,
  );

export function Input({ className, ...props }: ComponentProps<"input">) {
  const invalido = props["aria-invalid"] === true || props["aria-invalid"] === "true";
  return <input className={campoClasses(invalido, cn("h-10", className))} {...props} />;
}
