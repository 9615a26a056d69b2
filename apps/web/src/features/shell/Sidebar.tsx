import { rotuloContador } from "@crm/domain/format";
import { MENU_EMPRESA_ESCOLHIDA, MENU_PERFIL, menuFor, type TMenuItem } from "@crm/domain/menus";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { PAPEL } from "@crm/domain/roles";
import type { TSessao } from "@crm/domain/schemas/session";
import { LogOut } from "lucide-react";
import { Link } from "react-router";
import { comEmpresa, useChosenCompany } from "../../lib/chosenCompany";
import { cn } from "../../lib/cn";
import { useWaitingQueue } from "../../lib/useWaitingQueue";
import { iconeDoMenu } from "../../ui/menuIcons";
import { CompanySwitcher } from "./CompanySwitcher";

type Props = {
  sessao: TSessao;
  ativo: (path: string) => boolean;
  saindo: boolean;
  onSair: () => void;
  onNavegar?: () => void;
};

type TPropsItem = { item: TMenuItem; ativo: boolean; onNavegar?: () => void; contador?: number; empresaId?: string | null };

function ItemMenu({ item, ativo, onNavegar, contador, empresaId = null }: TPropsItem) {
  const Icone = iconeDoMenu(item.icon);
  return (
    <li>
      <Link
        to={comEmpresa(item.path, empresaId)}
        onClick={onNavegar}
        aria-current={ativo ? "page" : undefined}
        className={cn(
          "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
          ativo ? "bg-blue-700 text-white" : "text-slate-200 hover:bg-slate-800 hover:text-white",
        )}
      >
        <Icone className="size-4 shrink-0" aria-hidden="true" />
        <span data-rotulo-menu>{item.label}</span>
        {!!contador && (
          <>
            <span
              className="ml-auto min-w-5 rounded-full bg-amber-400 px-1.5 text-center text-xs font-semibold text-slate-900"
              aria-hidden="true"
              data-testid={`contador-menu-${item.path}`}
            >
              {rotuloContador(contador)}
            </span>
            <span className="sr-only">, {MSG.aguardandoAtribuicao(contador)}</span>
          </>
        )}
      </Link>
    </li>
  );
}

/** Company, user, the role's menu (000 §2.9), 'Meu Perfil' and 'Sair'. */
export function Sidebar({ sessao, ativo, saindo, onSair, onNavegar }: Props) {
  const { usuario, empresa } = sessao;
  const nomeEmpresa = empresa?.nome_empresa ?? (usuario.papel === PAPEL.plataforma ? "Plataforma" : "");
  // the waiting queue on the admins' 'Leads' (decision 1503)
  const comFila = !!empresa && pode(usuario.papel, "leads.gerenciar");
  const fila = useWaitingQueue({ ativo: comFila });
  const contadores: Record<string, number | undefined> = { "/leads": fila.data?.aguardando };
  const daPlataforma = usuario.papel === PAPEL.plataforma;
  // the platform admin's chosen company (decision 1642): every link keeps it, its screens get a section of their own
  const empresaId = useChosenCompany();
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
        {daPlataforma && <CompanySwitcher />}
      </div>
      <nav aria-label="Menu principal" className="flex min-h-0 flex-1 flex-col">
        <ul className="flex-1 space-y-1 overflow-y-auto px-3 py-4">
          {menuFor(usuario.papel).map((item) => (
            <ItemMenu
              key={item.path}
              item={item}
              ativo={ativo(item.path)}
              onNavegar={onNavegar}
              contador={contadores[item.path]}
              empresaId={empresaId}
            />
          ))}
          {daPlataforma && empresaId && (
            <li>
              <p className="mt-4 mb-1 px-3 text-xs font-semibold tracking-wide text-slate-400 uppercase">Telas da empresa</p>
              <ul className="space-y-1" aria-label="Telas da empresa">
                {MENU_EMPRESA_ESCOLHIDA.map((item) => (
                  <ItemMenu key={item.path} item={item} ativo={ativo(item.path)} onNavegar={onNavegar} empresaId={empresaId} />
                ))}
              </ul>
            </li>
          )}
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
