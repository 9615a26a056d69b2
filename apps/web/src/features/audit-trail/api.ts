import type { TPaginaAuditoria, TPessoasAuditoria } from "@crm/domain/schemas/audit-trail";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

/** The filters as the page keeps them (empty string: not filtering). */
export type TFiltrosTela = { usuarioId: string; acao: string; entidade: string; de: string; ate: string; ip: string };

/** The query string of /api/auditoria: the chosen company (platform admin) and the filters given. */
export function parametrosAuditoria(empresaId: string | null, f: TFiltrosTela, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams(extra);
  if (empresaId) p.set("empresaId", empresaId);
  for (const [k, v] of Object.entries(f)) if (v) p.set(k, v);
  return p.toString();
}

/** The trail, newest first, one page of 50 at a time (cursor `antesDe`). */
export const eventosQuery = (empresaId: string | null, f: TFiltrosTela) =>
  infiniteQueryOptions({
    queryKey: ["auditoria", empresaId, f],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      api<TPaginaAuditoria>(
        `/api/auditoria?${parametrosAuditoria(empresaId, f, pageParam ? { antesDe: String(pageParam) } : {})}`,
        { signal },
      ),
    getNextPageParam: (ultima) => ultima.proximo,
  });

export const pessoasQuery = (empresaId: string | null) =>
  queryOptions({
    queryKey: ["auditoria", "pessoas", empresaId],
    queryFn: ({ signal }) =>
      api<TPessoasAuditoria>(`/api/auditoria/pessoas${empresaId ? `?empresaId=${empresaId}` : ""}`, { signal }),
  });
