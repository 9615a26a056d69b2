import type { TChaveApi, TChaveApiCriada, TListaChavesApi, TNovaChaveApi } from "@crm/domain/api-keys";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const chavesApiQuery = queryOptions({
  queryKey: ["chaves-api"],
  queryFn: ({ signal }) => api<TListaChavesApi>("/api/empresa/chaves-api", { signal }),
});
export const criarChaveApi = (nova: TNovaChaveApi) =>
  api<TChaveApiCriada>("/api/empresa/chaves-api", { method: "POST", body: nova });
export const revogarChaveApi = (id: string) => api<TChaveApi>(`/api/empresa/chaves-api/${id}`, { method: "DELETE" });
