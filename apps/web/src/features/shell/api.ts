import type { TResultadoBusca } from "@crm/domain/schemas/search";
import { api } from "../../lib/api";

/**
 * `empresaId`: the company the platform admin chose in the shell (decision 1645). Each lead's phone comes formatted
 * for the list; the formatter (libphonenumber's metadata, for foreign numbers) is loaded with the first search, not
 * with every signed-in page.
 */
export async function buscar(q: string, empresaId: string | null, signal?: AbortSignal) {
  const [r, { formatarTelefone }] = await Promise.all([
    api<TResultadoBusca>(`/api/busca?${new URLSearchParams(empresaId ? { q, empresaId } : { q })}`, { signal }),
    import("@crm/domain/phone-display"),
  ]);
  return { ...r, leads: r.leads.map((l) => ({ ...l, telefone: formatarTelefone(l.telefone) })) };
}
