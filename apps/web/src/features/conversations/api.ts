import type { TPaginaConversas } from "@crm/domain/schemas/chat";
import type { TConexaoWhatsApp } from "@crm/domain/schemas/whatsapp";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const CHAVE_CONVERSAS = ["conversas"] as const;

export const conversasQuery = (busca: string, etiqueta?: string) =>
  infiniteQueryOptions({
    queryKey: [...CHAVE_CONVERSAS, busca, etiqueta ?? null],
    initialPageParam: null as { antesDe: string; antesId: string } | null,
    queryFn: ({ pageParam, signal }) => {
      const p = new URLSearchParams({ limite: "30" });
      if (busca) p.set("busca", busca);
      if (etiqueta) p.set("etiqueta", etiqueta);
      if (pageParam) {
        p.set("antesDe", pageParam.antesDe);
        p.set("antesId", pageParam.antesId);
      }
      return api<TPaginaConversas>(`/api/conversas?${p}`, { signal });
    },
    getNextPageParam: (ultima) => ultima.proximo,
    // live updates only reach a mounted list: coming back to it always asks again
    staleTime: 0,
  });

export const conexaoQuery = queryOptions({
  queryKey: ["whatsapp", "conexao", "estado"],
  queryFn: ({ signal }) => api<TConexaoWhatsApp>("/api/whatsapp/conexao", { signal }),
  staleTime: 30_000,
});
