import type { TResultadoBusca } from "@crm/domain/schemas/search";
import { api } from "../../lib/api";

export const buscar = (q: string, signal?: AbortSignal) =>
  api<TResultadoBusca>(`/api/busca?${new URLSearchParams({ q })}`, { signal });
