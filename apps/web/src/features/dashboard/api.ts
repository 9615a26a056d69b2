import type { TAtividadesEmpresa, TDashboardEmpresa } from "@crm/domain/schemas/dashboard";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { TSelecaoPeriodo } from "../../ui/PeriodSelector";

export const CHAVE_DASHBOARD_EMPRESA = ["dashboard-empresa"] as const;

export function dashboardEmpresaQuery(sel: TSelecaoPeriodo) {
  const p = new URLSearchParams({ periodo: sel.periodo });
  if (sel.periodo === "custom" && sel.inicio && sel.fim) {
    p.set("inicio", sel.inicio);
    p.set("fim", sel.fim);
  }
  return queryOptions({
    queryKey: [...CHAVE_DASHBOARD_EMPRESA, "figuras", sel],
    queryFn: ({ signal }) => api<TDashboardEmpresa>(`/api/dashboard/empresa?${p}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const atividadesEmpresaQuery = queryOptions({
  queryKey: [...CHAVE_DASHBOARD_EMPRESA, "atividades"],
  queryFn: ({ signal }) => api<TAtividadesEmpresa>("/api/dashboard/empresa/atividades", { signal }),
});
