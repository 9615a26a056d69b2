import type { TPainelTaxas, TValoresSerie } from "@crm/domain/schemas/bacen-rates";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const CHAVE_TAXAS = ["taxas-bacen"] as const;

/** While a refresh is queued or running the panel is read every 3 s, so its outcome shows by itself. */
export const painelTaxasQuery = queryOptions({
  queryKey: CHAVE_TAXAS,
  queryFn: ({ signal }) => api<TPainelTaxas>("/api/taxas-bacen", { signal }),
  refetchInterval: (q) => (q.state.data?.atualizacaoPendente ? 3000 : false),
});

export const valoresSerieQuery = (codigo: number) =>
  queryOptions({
    queryKey: [...CHAVE_TAXAS, codigo, "valores"],
    queryFn: ({ signal }) => api<TValoresSerie>(`/api/taxas-bacen/${codigo}/valores`, { signal }),
  });

export const atualizarTaxas = () => api<{ agendada: boolean }>("/api/taxas-bacen/atualizar", { method: "POST" });

export const importarTaxas = (codigo: number | null, csv: string) =>
  api<{ importados: number }>("/api/taxas-bacen/importacao", { method: "POST", body: { codigo, csv } });
