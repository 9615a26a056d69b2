import type { TMencionavel, TNota, TNovaNota } from "@crm/domain/schemas/notes";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

/** Under the chat's key: the chat's reconnect refetch and its lead events refresh the notes too. */
export const chaveNotas = (leadId: string) => ["chat", leadId, "notas"] as const;

export const notasQuery = (leadId: string) =>
  queryOptions({
    queryKey: chaveNotas(leadId),
    queryFn: ({ signal }) => api<TNota[]>(`/api/chat/${encodeURIComponent(leadId)}/notas`, { signal }),
  });

export const mencionaveisQuery = () =>
  queryOptions({
    queryKey: ["notas", "mencionaveis"],
    queryFn: ({ signal }) => api<TMencionavel[]>("/api/notas/mencionaveis", { signal }),
    staleTime: 5 * 60_000,
  });

export const criarNota = (leadId: string, n: TNovaNota) =>
  api<TNota>(`/api/chat/${encodeURIComponent(leadId)}/notas`, { method: "POST", body: n });
