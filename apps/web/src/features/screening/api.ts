import type { TFiltroHistoricoIa, TPaginaHistoricoIa, TPainelTriagem, TRevisarTriagem } from "@crm/domain/schemas/screening";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { TSelecaoPeriodo } from "../../ui/PeriodSelector";

/** The company the screen acts on: the platform admin names it (?empresa=), company admins act on their own. */
export type TAlvo = { empresaId: string | null };

function qs(alvo: TAlvo, extra: Record<string, string | undefined> = {}): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) p.set(k, v);
  if (alvo.empresaId) p.set("empresaId", alvo.empresaId);
  const s = p.toString();
  return s ? `?${s}` : "";
}

export const CHAVE_TRIAGEM = ["ia-triagem"] as const;

export const painelQuery = (alvo: TAlvo, periodo: TSelecaoPeriodo) =>
  queryOptions({
    queryKey: [...CHAVE_TRIAGEM, "painel", alvo.empresaId, periodo],
    queryFn: ({ signal }) =>
      api<TPainelTriagem>(`/api/ia-triagem${qs(alvo, { periodo: periodo.periodo, inicio: periodo.inicio, fim: periodo.fim })}`, {
        signal,
      }),
  });

export const historicoQuery = (alvo: TAlvo, f: TFiltroHistoricoIa) =>
  queryOptions({
    queryKey: [...CHAVE_TRIAGEM, "historico", alvo.empresaId, f],
    queryFn: ({ signal }) =>
      api<TPaginaHistoricoIa>(
        `/api/ia-triagem/historico${qs(alvo, { pagina: String(f.pagina), tamanho: String(f.tamanho), decisao: f.decisao })}`,
        { signal },
      ),
  });

export const alternarTriagem = (alvo: TAlvo, ativa: boolean) =>
  api<{ ativa: boolean }>(`/api/ia-triagem/ativa${qs(alvo)}`, { method: "PUT", body: { ativa } });

export const revisarTriagem = (alvo: TAlvo, triagemId: string, dados: TRevisarTriagem) =>
  api(`/api/ia-triagem/${encodeURIComponent(triagemId)}/revisao${qs(alvo)}`, { method: "POST", body: dados });

export const triarNovamente = (alvo: TAlvo, leadId: string) =>
  api<{ mensagem: string }>(`/api/ia-triagem/leads/${encodeURIComponent(leadId)}/triar${qs(alvo)}`, { method: "POST" });
