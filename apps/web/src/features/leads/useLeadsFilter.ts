import { lerFiltroLeadsDaUrl } from "@crm/domain/leads-filter";
import type { TFiltroLeads } from "@crm/domain/schemas/leads";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { paramsDoFiltro } from "./api";

// read without zod: its schemas were the largest part of /leads' code before the first paint (decision 1504)
const PADRAO = lerFiltroLeadsDaUrl(new URLSearchParams()) as TFiltroLeads;

/** The /leads filters live in the URL (shareable, survive a reload); any change but paging goes back to page 1. */
export function useLeadsFilter(): [TFiltroLeads, (mudanca: Partial<TFiltroLeads>) => void] {
  const [params, setParams] = useSearchParams();
  // the same object while the URL does not change: the table is memoized on it (its rows are not drawn again when a
  // counter or a notice answers)
  const filtro = useMemo(() => lerFiltroLeadsDaUrl(params) ?? PADRAO, [params]);
  const mudar = useCallback(
    (mudanca: Partial<TFiltroLeads>) => {
      const novo: Partial<TFiltroLeads> = { ...filtro, pagina: 1, ...mudanca };
      // keep the URL short: defaults are implied
      for (const k of Object.keys(novo) as (keyof TFiltroLeads)[]) {
        if (novo[k] === PADRAO[k]) delete novo[k];
      }
      if (novo.periodo !== "custom") {
        delete novo.inicio;
        delete novo.fim;
      }
      setParams(paramsDoFiltro(novo), { replace: true });
    },
    [filtro, setParams],
  );
  return [filtro, mudar];
}

/** Anything narrowed beyond the period (its empty state says 'filtros aplicados'). */
export function temFiltros(f: TFiltroLeads): boolean {
  return !!(
    f.status ||
    f.consultor ||
    f.origem ||
    f.valorMin !== undefined ||
    f.valorMax !== undefined ||
    f.atribuicao !== "todos" ||
    f.faixa ||
    f.etiqueta ||
    f.busca
  );
}
