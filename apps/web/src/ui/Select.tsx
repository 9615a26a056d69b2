import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../lib/cn";
import { campoClasses } from "./Input";

/** A styled native select: keyboard, screen readers and mobile pickers work as the platform does. */
export function Select({ className, children, ...props }: ComponentProps<"select">) {
  const invalido = props["aria-invalid"] === true || props["aria-invalid"] === "true";
  return (
    <div className="relative">
      <select className={campoClasses(invalido, cn("h-10 appearance-none pr-9", className))} {...props}>
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
    </div>
  );
}
