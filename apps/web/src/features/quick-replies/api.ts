import type { TRespostaPreenchida, TRespostaRapida, TSalvarResposta } from "@crm/domain/schemas/quick-replies";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

/** Every quick-reply query starts with this key: one invalidation refreshes the settings list and the '/' lists. */
export const CHAVE_RESPOSTAS = ["respostas-rapidas"] as const;

export const respostasQuery = () =>
  queryOptions({
    queryKey: CHAVE_RESPOSTAS,
    queryFn: ({ signal }) => api<TRespostaRapida[]>("/api/respostas-rapidas", { signal }),
  });

/** The composer's '/' list for a lead, filtered on the server (decision 1838). */
export const respostasDoLeadQuery = (leadId: string, q: string) =>
  queryOptions({
    queryKey: [...CHAVE_RESPOSTAS, "lead", leadId, q],
    queryFn: ({ signal }) =>
      api<TRespostaPreenchida[]>(`/api/chat/${encodeURIComponent(leadId)}/respostas-rapidas?q=${encodeURIComponent(q)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const criarResposta = (r: TSalvarResposta) => api<TRespostaRapida>("/api/respostas-rapidas", { method: "POST", body: r });
export const editarResposta = (id: string, r: Omit<TSalvarResposta, "escopo">) =>
  api<TRespostaRapida>(`/api/respostas-rapidas/${id}`, { method: "PUT", body: r });
export const excluirResposta = (id: string) => api(`/api/respostas-rapidas/${id}`, { method: "DELETE" });
