import type { TFiltroLeadsJuridicos, TPaginaLeadsJuridicos, TPainelJuridico } from "@crm/domain/schemas/legal-dashboard";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

/** Every query of the legal dashboard and /juridico-leads starts with this key: one invalidation refreshes them. */
export const CHAVE_JURIDICO = ["juridico"] as const;

/** The company the screen acts on: the own one, or the platform admin's chosen one (?empresa=). */
export type TAlvo = { empresaId: string | null };

function query(alvo: TAlvo, extra: Record<string, unknown> = {}): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...extra, empresaId: alvo.empresaId ?? undefined })) {
    if (v === undefined || v === null || v === "") continue;
    p.set(k, String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : "";
}

export const painelJuridicoQuery = (alvo: TAlvo) =>
  queryOptions({
    queryKey: [...CHAVE_JURIDICO, alvo.empresaId, "painel"],
    queryFn: ({ signal }) => api<TPainelJuridico>(`/api/juridico/painel${query(alvo)}`, { signal }),
  });

export const leadsJuridicosQuery = (alvo: TAlvo, f: Partial<TFiltroLeadsJuridicos>) =>
  queryOptions({
    queryKey: [...CHAVE_JURIDICO, alvo.empresaId, "leads", f],
    queryFn: ({ signal }) => api<TPaginaLeadsJuridicos>(`/api/juridico/leads${query(alvo, f)}`, { signal }),
  });

/** Sends converted leads to the legal team: 'Convertido (Ganho)' through the /leads bulk action (lead-events). */
export const enviarAoJuridico = (alvo: TAlvo, ids: string[]) =>
  api<unknown>(`/api/leads/em-massa${query(alvo)}`, {
    method: "POST",
    body: { acao: "status", ids, status: "Convertido (Ganho)" },
  });
