import { Paperclip } from "lucide-react";
import { type ComponentProps, useId } from "react";
import { cn } from "../lib/cn";

type Props = Omit<ComponentProps<"input">, "type" | "value" | "children"> & {
  /** the chosen file's name (what the screen will send), or null */
  nomeArquivo: string | null;
  rotulo?: string;
  vazio?: string;
};

/**
 * File picker in pt-BR: the browser's own button speaks the browser's language ('Choose File', 'No file chosen'), so
 * the input is visually hidden and a kit button and the chosen name stand for it. Inside a Field it gets the
 * field's id and label; the chosen name is announced as its description. Keyboard: Tab reaches the input itself.
 */
export function FilePicker({
  nomeArquivo,
  rotulo = "Escolher arquivo",
  vazio = "Nenhum arquivo selecionado",
  className,
  id,
  disabled,
  "aria-describedby": descritaPor,
  ...props
}: Props) {
  const base = useId();
  const idEntrada = id ?? base;
  const idNome = `${idEntrada}-nome`;
  return (
    <div className={cn("flex min-w-0 items-center gap-3", className)}>
      <label
        htmlFor={idEntrada}
        className={cn(
          "inline-flex h-10 shrink-0 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50",
          "focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-blue-600",
          disabled && "cursor-not-allowed opacity-70",
        )}
      >
        <Paperclip className="size-4" aria-hidden="true" />
        <span aria-hidden="true">{rotulo}</span>
        <input
          id={idEntrada}
          type="file"
          className="sr-only"
          disabled={disabled}
          aria-describedby={[descritaPor, idNome].filter(Boolean).join(" ")}
          {...props}
        />
      </label>
      <span id={idNome} className="min-w-0 truncate text-sm text-slate-600">
        {nomeArquivo ?? vazio}
      </span>
    </div>
  );
}
