import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";

/**
 * The sidebar as a drawer under md. Its own chunk (Radix Dialog and its focus and scroll locks), loaded when the
 * menu is first opened: a desktop never needs it, and a phone's first paint does not wait for it.
 */
export default function MenuDrawer({
  aberta,
  onMudar,
  children,
}: {
  aberta: boolean;
  onMudar: (aberta: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={aberta} onOpenChange={onMudar}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex md:hidden" aria-describedby={undefined}>
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          {children}
          <Dialog.Close
            className="absolute top-3 right-3 rounded-md p-1 text-slate-300 hover:bg-slate-800 hover:text-white"
            aria-label="Fechar menu"
          >
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
