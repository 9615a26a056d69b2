import { X } from "lucide-react";
import { Dialog as D } from "radix-ui";
import { type ReactNode, useRef } from "react";
import { cn } from "../lib/cn";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  titulo: string;
  descricao?: ReactNode;
  children?: ReactNode;
  /** action buttons, right-aligned at the bottom */
  rodape?: ReactNode;
  className?: string;
};

/**
 * Where focus goes back when a dialog closes: what had it when the dialog opened; for an item of a dropdown menu
 * (e.g. a row's 'Mais ações'), which is gone by then, the menu's trigger.
 */
function alvoDoRetorno(): HTMLElement | null {
  const ativo = document.activeElement;
  if (!(ativo instanceof HTMLElement) || ativo === document.body) return null;
  const menu = ativo.closest('[role="menu"]');
  if (!menu) return ativo;
  const id = menu.getAttribute("aria-labelledby");
  return id ? document.getElementById(id) : null;
}

/** Modal dialog: focus trapped, Escape closes, title and description announced, focus returned on close. */
export function Dialog({ open, onOpenChange, titulo, descricao, children, rodape, className }: Props) {
  // Captured while rendering the opening: the menu item that opened it still has focus then (it unmounts on commit).
  const retorno = useRef<HTMLElement | null>(null);
  const abertoAntes = useRef(false);
  if (open && !abertoAntes.current) retorno.current = alvoDoRetorno();
  abertoAntes.current = open;
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <D.Content
          className={cn(
            "fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto",
            "rounded-lg bg-white p-6 shadow-xl focus:outline-none",
            className,
          )}
          onCloseAutoFocus={(e) => {
            const alvo = retorno.current;
            if (alvo?.isConnected) {
              e.preventDefault();
              alvo.focus();
            }
          }}
        >
          <D.Title className="pr-8 text-lg font-semibold text-slate-900">{titulo}</D.Title>
          {descricao ? (
            <D.Description className="mt-1 text-sm text-slate-600">{descricao}</D.Description>
          ) : (
            <D.Description className="sr-only">{titulo}</D.Description>
          )}
          {children && <div className="mt-4">{children}</div>}
          {rodape && <div className="mt-6 flex flex-wrap justify-end gap-2">{rodape}</div>}
          <D.Close
            className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            aria-label="Fechar"
          >
            <X className="size-4" aria-hidden="true" />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
