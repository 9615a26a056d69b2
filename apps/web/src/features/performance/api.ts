import type { TTemposResposta } from "@crm/domain/schemas/business-hours";
import type { TAtividadeRecente, TDesempenho } from "@crm/domain/schemas/performance";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { TSelecaoPeriodo } from "../../ui/PeriodSelector";

const CHAVE_DESEMPENHO = ["desempenho"] as const;

export function desempenhoQuery(sel: TSelecaoPeriodo) {
  const p = new URLSearchParams({ periodo: sel.periodo });
  if (sel.periodo === "custom" && sel.inicio && sel.fim) {
    p.set("inicio", sel.inicio);
    p.set("fim", sel.fim);
  }
  return queryOptions({
    queryKey: [...CHAVE_DESEMPENHO, sel],
    queryFn: ({ signal }) => api<TDesempenho>(`/api/desempenho?${p}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const atividadesQuery = queryOptions({
  queryKey: [...CHAVE_DESEMPENHO, "atividades"],
  queryFn: ({ signal }) => api<{ atividades: TAtividadeRecente[] }>("/api/desempenho/atividades", { signal }),
});

/** The response times (decision 1883): own for a Consultor, every consultant's for the company admin. */
export function temposRespostaQuery(sel: TSelecaoPeriodo) {
  const p = new URLSearchParams({ periodo: sel.periodo });
  if (sel.periodo === "custom" && sel.inicio && sel.fim) {
    p.set("inicio", sel.inicio);
    p.set("fim", sel.fim);
  }
  return queryOptions({
    queryKey: [...CHAVE_DESEMPENHO, "tempos-resposta", sel],
    queryFn: ({ signal }) => api<TTemposResposta>(`/api/desempenho/tempos-resposta?${p}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
