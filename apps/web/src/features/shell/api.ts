import type { TResultadoBusca } from "@crm/domain/schemas/search";
import { api } from "../../lib/api";

/** `empresaId`: the company the platform admin chose in the shell (decision 1645). */
export const buscar = (q: string, empresaId: string | null, signal?: AbortSignal) =>
  api<TResultadoBusca>(`/api/busca?${new URLSearchParams(empresaId ? { q, empresaId } : { q })}`, { signal });
