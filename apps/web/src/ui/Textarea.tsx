import type { ComponentProps } from "react";
import { campoClasses } from "./Input";

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  const invalido = props["aria-invalid"] === true || props["aria-invalid"] === "true";
  return <textarea className={campoClasses(invalido, className)} rows={4} {...props} />;
}
