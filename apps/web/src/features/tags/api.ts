import type { TEtiqueta, TEtiquetasEmMassa, TSalvarEtiqueta } from "@crm/domain/schemas/tags";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

/** The company's tags (settings, pickers, filters): one key, refreshed after any change to them. */
export const CHAVE_ETIQUETAS = ["etiquetas"] as const;

export const etiquetasQuery = queryOptions({
  queryKey: CHAVE_ETIQUETAS,
  queryFn: ({ signal }) => api<TEtiqueta[]>("/api/etiquetas", { signal }),
  staleTime: 60_000,
});

export const criarEtiqueta = (e: TSalvarEtiqueta) => api<TEtiqueta>("/api/etiquetas", { method: "POST", body: e });
export const editarEtiqueta = (id: string, e: TSalvarEtiqueta) =>
  api<TEtiqueta>(`/api/etiquetas/${id}`, { method: "PUT", body: e });
export const excluirEtiqueta = (id: string) => api(`/api/etiquetas/${id}`, { method: "DELETE" });

/** Under the chat's key: the chat's refetch on reconnect and its lead events refresh the lead's tags too. */
export const chaveEtiquetasDoLead = (leadId: string) => ["chat", leadId, "etiquetas"] as const;

export const etiquetasDoLeadQuery = (leadId: string) =>
  queryOptions({
    queryKey: chaveEtiquetasDoLead(leadId),
    queryFn: ({ signal }) => api<TEtiqueta[]>(`/api/chat/${encodeURIComponent(leadId)}/etiquetas`, { signal }),
  });

export const definirEtiquetasDoLead = (leadId: string, etiquetas: string[]) =>
  api<TEtiqueta[]>(`/api/chat/${encodeURIComponent(leadId)}/etiquetas`, { method: "PUT", body: { etiquetas } });

export const etiquetasEmMassa = (m: TEtiquetasEmMassa) =>
  api<{ alterados: number }>("/api/leads/etiquetas", { method: "POST", body: m });
