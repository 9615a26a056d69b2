import { cloneElement, type HTMLAttributes, lazy, type ReactElement, Suspense, useState } from "react";
import type { TItemMenu } from "./ActionMenu";

const carregar = () => import("./ActionMenu");
const ActionMenu = lazy(carregar);

/**
 * A dropdown menu whose code (Radix DropdownMenu, its popper and focus handling: ~18 KB gzip) loads on the first
 * opening, not with the page: a list showing one menu per row mounted 25 Radix menus before its first paint
 * (decision 1504). Until then the trigger is the plain button given, announced as a menu button; hovering or
 * focusing it starts the download, a click opens the real menu (which then stays, opened and closed by Radix).
 */
export function LazyActionMenu({ gatilho, itens }: { gatilho: ReactElement<HTMLAttributes<HTMLElement>>; itens: TItemMenu[] }) {
  const [usado, setUsado] = useState(false);
  const antecipar = () => void carregar();
  const simples = cloneElement(gatilho, {
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onPointerEnter: antecipar,
    onFocus: antecipar,
    onClick: () => setUsado(true),
  });
  if (!usado) return simples;
  return (
    <Suspense fallback={simples}>
      <ActionMenu gatilho={gatilho} itens={itens} />
    </Suspense>
  );
}
