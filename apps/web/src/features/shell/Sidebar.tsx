import { MENU_PERFIL, menuFor, type TMenuItem } from "@crm/domain/menus";
import { PAPEL } from "@crm/domain/roles";
import type { TSessao } from "@crm/domain/schemas/session";
import { LogOut } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { iconeDoMenu } from "./menuIcons";

type Props = {
  sessao: TSessao;
  ativo: (path: string) => boolean;
  saindo: boolean;
  onSair: () => void;
  onNavegar?: () => void;
};

function ItemMenu({ item, ativo, onNavegar }: { item: TMenuItem; ativo: boolean; onNavegar?: () => void }) {
  const Icone = iconeDoMenu(item.icon);
  return (
    <li>
      <Link
        to={item.path}
        onClick={onNavegar}
        aria-current={ativo ? "page" : undefined}
        className={cn(
          "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
          ativo ? "bg-blue-700 text-white" : "text-slate-200 hover:bg-slate-800 hover:text-white",
        )}
      >
        <Icone className="size-4 shrink-0" aria-hidden="true" />
        {item.label}
      </Link>
    </li>
  );
}

/** Company, user, the role's menu (000 §2.9), 'Meu Perfil' and 'Sair'. */
export function Sidebar({ sessao, ativo, saindo, onSair, onNavegar }: Props) {
  const { usuario, empresa } = sessao;
  const nomeEmpresa = empresa?.nome_empresa ?? (usuario.papel === PAPEL.plataforma ? "Plataforma" : "");
  return (
    <div className="flex h-full w-64 flex-col bg-slate-900 text-white">
      <div className="border-b border-slate-800 px-4 py-5">
        <p className="truncate text-base font-semibold" title={nomeEmpresa}>
          {nomeEmpresa}
        </p>
        <p className="mt-1 truncate text-sm text-slate-300" title={usuario.email}>
          {usuario.email}
        </p>
        <p className="mt-2 inline-block rounded bg-slate-800 px-2 py-0.5 text-xs font-medium text-blue-200">{usuario.papel}</p>
      </div>
      <nav aria-label="Menu principal" className="flex min-h-0 flex-1 flex-col">
        <ul className="flex-1 space-y-1 overflow-y-auto px-3 py-4">
          {menuFor(usuario.papel).map((item) => (
            <ItemMenu key={item.path} item={item} ativo={ativo(item.path)} onNavegar={onNavegar} />
          ))}
        </ul>
        <ul className="space-y-1 border-t border-slate-800 px-3 py-4">
          <ItemMenu item={MENU_PERFIL} ativo={ativo(MENU_PERFIL.path)} onNavegar={onNavegar} />
          <li>
            <button
              type="button"
              onClick={onSair}
              disabled={saindo}
              className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:bg-slate-800 hover:text-white disabled:opacity-70"
            >
              <LogOut className="size-4 shrink-0" aria-hidden="true" />
              {saindo ? "Saindo..." : "Sair"}
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
