import { TEXTO_FINANCEIRO } from "@crm/domain/finance";
import { MSG } from "@crm/domain/messages";
import type { TFinanceiro } from "@crm/domain/schemas/finance";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../../lib/api";
import type { TSelecaoPeriodo } from "../../ui/PeriodSelector";

/** The company the screen acts on: the admin's own (null), or the one the platform admin opened. */
export type TAlvo = { empresaId: string | null };
/** The advanced filters (001 'Financial dashboard'); '' is 'all'. */
export type TFiltrosAvancados = { plataforma: string; origem: string; consultorId: string; campanha: string };
export const SEM_FILTROS: TFiltrosAvancados = { plataforma: "", origem: "", consultorId: "", campanha: "" };

const CHAVE_FINANCEIRO = ["financeiro"] as const;

function parametros(alvo: TAlvo, p: TSelecaoPeriodo, f: TFiltrosAvancados): URLSearchParams {
  const q = new URLSearchParams({ periodo: p.periodo });
  if (p.periodo === "custom" && p.inicio && p.fim) {
    q.set("inicio", p.inicio);
    q.set("fim", p.fim);
  }
  for (const [k, v] of Object.entries(f)) if (v) q.set(k, v);
  if (alvo.empresaId) q.set("empresaId", alvo.empresaId);
  return q;
}

export const financeiroQuery = (alvo: TAlvo, p: TSelecaoPeriodo, f: TFiltrosAvancados) =>
  queryOptions({
    queryKey: [...CHAVE_FINANCEIRO, alvo.empresaId, p, f],
    queryFn: ({ signal }) => api<TFinanceiro>(`/api/financeiro?${parametros(alvo, p, f)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/**
 * Downloads the period's figures as CSV. Fetched rather than linked so a refusal shows as a toast with the
 * server's message instead of a broken download.
 */
export async function baixarCsvFinanceiro(alvo: TAlvo, p: TSelecaoPeriodo, f: TFiltrosAvancados): Promise<void> {
  let resp: Response;
  try {
    resp = await fetch(`/api/financeiro/exportacao?${parametros(alvo, p, f)}`, { credentials: "include" });
  } catch {
    throw new ApiError(0, MSG.erroConexao);
  }
  if (!resp.ok) {
    const json = await resp.json().catch(() => null);
    throw new ApiError(resp.status, typeof json?.erro === "string" ? json.erro : TEXTO_FINANCEIRO.erroExportar);
  }
  const nome = /filename="([^"]+)"/.exec(resp.headers.get("content-disposition") ?? "")?.[1] ?? "financeiro.csv";
  const url = URL.createObjectURL(await resp.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = nome;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
