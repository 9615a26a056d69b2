import type { ComponentProps } from "react";
import { cn } from "../lib/cn";

export function Label({ className, ...props }: ComponentProps<"label">) {
  // biome-ignore lint/a11y/noLabelWithoutControl: the control is linked by htmlFor at the call site
  return <label className={cn("block text-sm font-medium text-slate-800", className)} {...props} />;
}
