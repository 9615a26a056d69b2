import type { LucideIcon } from "lucide-react";
import type { HTMLAttributes, ReactElement } from "react";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "./DropdownMenu";

export type TItemMenu = {
  rotulo: string;
  icone?: LucideIcon;
  perigo?: boolean;
  /** a line above the item */
  separado?: boolean;
  onSelect: () => void;
};

/** LazyActionMenu's menu, loaded on its first opening: it mounts open (the click that loaded it opened it). */
export default function ActionMenu({
  gatilho,
  itens,
}: {
  gatilho: ReactElement<HTMLAttributes<HTMLElement>>;
  itens: TItemMenu[];
}) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{gatilho}</DropdownMenuTrigger>
      <DropdownMenuContent>
        {itens.map(({ rotulo, icone: Icone, perigo, separado, onSelect }) => [
          separado && <DropdownMenuSeparator key={`${rotulo}-separador`} />,
          <DropdownMenuItem key={rotulo} perigo={perigo} onSelect={onSelect}>
            {Icone && <Icone className="size-4" aria-hidden="true" />}
            {rotulo}
          </DropdownMenuItem>,
        ])}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
