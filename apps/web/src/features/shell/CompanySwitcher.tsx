import { PARAM_EMPRESA } from "@crm/domain/menus";
import type { TOpcaoEmpresa } from "@crm/domain/schemas/companies";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { api } from "../../lib/api";
import { useChosenCompany } from "../../lib/chosenCompany";
import { Select } from "../../ui/Select";

const opcoesEmpresasQuery = {
  queryKey: ["empresas", "opcoes"],
  queryFn: ({ signal }: { signal: AbortSignal }) => api<TOpcaoEmpresa[]>("/api/empresas/opcoes", { signal }),
  staleTime: 60_000,
};

/**
 * The platform admin's company switcher (decision 1642): the company the company screens show, kept in the URL
 * (`?empresa={id}`) so a link, a reload or the back button keeps it. On /empresa/{id}/… it moves to the other company.
 * In the sidebar (the drawer under md), where a 390 px top bar has no room for it.
 */
export function CompanySwitcher() {
  const id = useId();
  const escolhida = useChosenCompany() ?? "";
  const q = useQuery(opcoesEmpresasQuery);
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navegar = useNavigate();

  const mudar = (empresaId: string) => {
    const naEmpresa = /^\/empresa\/[^/]+(\/.*)?$/.exec(pathname);
    if (naEmpresa && empresaId) return navegar(`/empresa/${empresaId}${naEmpresa[1] ?? ""}`);
    const p = new URLSearchParams(params);
    if (empresaId) p.set(PARAM_EMPRESA, empresaId);
    else p.delete(PARAM_EMPRESA);
    p.delete("pagina"); // another company's list starts at its first page
    const qs = p.toString();
    navegar(`${naEmpresa ? "/empresas" : pathname}${qs ? `?${qs}` : ""}`);
  };

  return (
    <div className="mt-3">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-300">
        {/* not just 'Empresa': a screen's own filter (e.g. /usuarios) carries that name */}
        Empresa exibida
      </label>
      <Select id={id} className="text-slate-900" value={escolhida} onChange={(e) => mudar(e.target.value)} disabled={q.isPending}>
        <option value="">Todas as empresas</option>
        {/* a company not (yet) in the list still shows as chosen */}
        {escolhida && q.data && !q.data.some((e) => e.id === escolhida) && <option value={escolhida}>Empresa escolhida</option>}
        {q.data?.map((e) => (
          <option key={e.id} value={e.id}>
            {e.nome}
          </option>
        ))}
      </Select>
    </div>
  );
}
