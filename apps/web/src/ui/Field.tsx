import { cloneElement, type ReactElement, useId } from "react";
import { cn } from "../lib/cn";
import { FieldError } from "./FieldError";
import { Label } from "./Label";

type TControleProps = { id?: string; "aria-invalid"?: boolean; "aria-describedby"?: string };

type Props = {
  label: string;
  /** the validation message, shown next to the field */
  erro?: string;
  dica?: string;
  className?: string;
  /** one control (Input, PasswordInput, Select, Textarea); it receives id, aria-invalid and aria-describedby */
  children: ReactElement<TControleProps>;
};

/** Label + control + message, wired for screen readers. */
export function Field({ label, erro, dica, className, children }: Props) {
  const base = useId();
  const id = children.props.id ?? base;
  const idErro = `${id}-erro`;
  const idDica = `${id}-dica`;
  const descritores = [children.props["aria-describedby"], dica && idDica, erro && idErro].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, {
        id,
        "aria-invalid": erro ? true : children.props["aria-invalid"] || undefined,
        "aria-describedby": descritores,
      })}
      {dica && (
        <p id={idDica} className="text-xs text-slate-600">
          {dica}
        </p>
      )}
      <FieldError id={idErro}>{erro}</FieldError>
    </div>
  );
}
