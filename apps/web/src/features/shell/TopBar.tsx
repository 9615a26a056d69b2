import { Menu } from "lucide-react";
import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { SearchBox } from "./SearchBox";

/** Search and the notification bell (000 §2.8); a thin bar shows while the next page's code loads. */
export function TopBar({ onAbrirMenu, sino }: { onAbrirMenu: () => void; sino?: ReactNode }) {
  const carregando = useNavigation().state === "loading";
  return (
    <header className="relative flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-4 md:px-6">
      <button
        type="button"
        onClick={onAbrirMenu}
        aria-label="Abrir menu"
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
      >
        <Menu className="size-5" aria-hidden="true" />
      </button>
      <div className="min-w-0 max-w-xl flex-1">
        <SearchBox />
      </div>
      <div className="ml-auto flex items-center gap-2">{sino}</div>
      {carregando && (
        <div
          className="absolute inset-x-0 bottom-0 h-0.5 overflow-hidden bg-blue-100"
          role="progressbar"
          aria-label="Carregando página"
        >
          <div className="h-full w-1/3 animate-pulse bg-blue-700" />
        </div>
      )}
    </header>
  );
}
