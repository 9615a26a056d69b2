import { MSG } from "@crm/domain/messages";
import type {
  TAcaoLeadsEmMassa,
  TEventoHistorico,
  TFiltroLeads,
  TFiltroQuadro,
  TOpcaoConsultor,
  TPaginaLeads,
  TQuadroLeads,
  TResumoLeads,
} from "@crm/domain/schemas/leads";
import type { TStatusLead } from "@crm/domain/status";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../../lib/api";

/** Every lead query starts with this key: one invalidation refreshes lists, counters and boards. */
export const CHAVE_LEADS = ["leads"] as const;

/** /api/leads, with `?empresaId=` when the platform admin works on a company (decision 1641). */
export const baseLeads = (empresaId?: string | null) =>
  empresaId ? `/api/leads?empresaId=${encodeURIComponent(empresaId)}` : "/api/leads";

/** A lead route under `base` (from baseLeads): the path after /api/leads, and its own query, the company kept. */
export function urlLeads(base: string, caminho = "", params?: URLSearchParams): string {
  const [raiz, daBase = ""] = base.split("?");
  const p = new URLSearchParams(params);
  for (const [k, v] of new URLSearchParams(daBase)) p.set(k, v);
  const q = p.toString();
  return `${raiz}${caminho}${q ? `?${q}` : ""}`;
}

/** The filter as query parameters, leaving defaults out (short, shareable URLs). */
export function paramsDoFiltro(f: Partial<TFiltroLeads> & Record<string, unknown>): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === null || v === "") continue;
    p.set(k, String(v));
  }
  return p;
}

export const paginaLeadsQuery = (base: string, f: TFiltroLeads) =>
  queryOptions({
    queryKey: [...CHAVE_LEADS, base, "pagina", f],
    queryFn: ({ signal }) => api<TPaginaLeads>(urlLeads(base, "", paramsDoFiltro(f)), { signal }),
  });

export const resumoLeadsQuery = (base: string, f: TFiltroLeads) => {
  const { pagina: _p, tamanho: _t, ordem: _o, direcao: _d, ...filtro } = f;
  return queryOptions({
    queryKey: [...CHAVE_LEADS, base, "resumo", filtro],
    queryFn: ({ signal }) => api<TResumoLeads>(urlLeads(base, "/resumo", paramsDoFiltro(filtro)), { signal }),
  });
};

export const consultoresQuery = (base: string) =>
  queryOptions({
    queryKey: [...CHAVE_LEADS, base, "consultores"],
    queryFn: ({ signal }) => api<TOpcaoConsultor[]>(urlLeads(base, "/consultores"), { signal }),
    staleTime: 60_000,
  });

export const historicoQuery = (base: string, id: string) =>
  queryOptions({
    queryKey: [...CHAVE_LEADS, base, id, "historico"],
    queryFn: ({ signal }) => api<TEventoHistorico[]>(urlLeads(base, `/${id}/historico`), { signal }),
  });

export const quadroQuery = (f: TFiltroQuadro) =>
  queryOptions({
    queryKey: [...CHAVE_LEADS, "quadro", f],
    queryFn: ({ signal }) => api<TQuadroLeads>(`/api/meus-leads?${paramsDoFiltro(f)}`, { signal }),
  });

export const atribuirLead = (base: string, id: string, consultorId: string | null) =>
  api(urlLeads(base, `/${id}/consultor`), { method: "PATCH", body: { consultorId } });
export const mudarStatusLead = (base: string, id: string, status: TStatusLead) =>
  api(urlLeads(base, `/${id}/status`), { method: "PATCH", body: { status } });
export const excluirLead = (base: string, id: string) => api(urlLeads(base, `/${id}`), { method: "DELETE" });
export const acaoEmMassa = (base: string, acao: TAcaoLeadsEmMassa) =>
  api<{ afetados: number }>(urlLeads(base, "/em-massa"), { method: "POST", body: acao });

/**
 * Downloads the filtered list (CSV or XLSX) and hands it to the browser as a file. Fetched rather than
 * linked so a refusal shows as a toast with the server's message instead of a broken download.
 */
export async function baixarExportacao(base: string, f: TFiltroLeads, formato: "csv" | "xlsx"): Promise<void> {
  const { pagina: _p, tamanho: _t, ...filtro } = f;
  let resp: Response;
  try {
    resp = await fetch(urlLeads(base, "/exportar", paramsDoFiltro({ ...filtro, formato })), { credentials: "include" });
  } catch {
    throw new ApiError(0, MSG.erroConexao);
  }
  if (!resp.ok) {
    const json = await resp.json().catch(() => null);
    throw new ApiError(resp.status, typeof json?.erro === "string" ? json.erro : MSG.erroExportarLeads);
  }
  const nome = /filename="([^"]+)"/.exec(resp.headers.get("content-disposition") ?? "")?.[1] ?? `leads.${formato}`;
  salvarArquivo(await resp.blob(), nome);
}

/** Offers a Blob as a download with the given file name. */
export function salvarArquivo(blob: Blob, nome: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = nome;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
