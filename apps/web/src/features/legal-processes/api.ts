import type {
  TEditarProcesso,
  TFiltroProcessos,
  TOpcaoConsultorProcesso,
  TOpcaoProfissional,
  TPaginaProcessos,
  TProcesso,
  TProcessoDetalhe,
  TResumoProcessos,
} from "@crm/domain/schemas/processes";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

/** Every process query starts with this key: one invalidation refreshes the list, counters and the open dialog. */
export const CHAVE_PROCESSOS = ["processos"] as const;

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

export const processosQuery = (alvo: TAlvo, f: Partial<TFiltroProcessos>) =>
  queryOptions({
    queryKey: [...CHAVE_PROCESSOS, alvo.empresaId, "pagina", f],
    queryFn: ({ signal }) => api<TPaginaProcessos>(`/api/processos${query(alvo, f)}`, { signal }),
  });

/** The counters and the total: keyed without page and sort, so paging and sorting never recount. */
export const resumoProcessosQuery = (alvo: TAlvo, f: Partial<TFiltroProcessos>) => {
  const { pagina: _p, tamanho: _t, ordem: _o, direcao: _d, ...filtro } = f;
  return queryOptions({
    queryKey: [...CHAVE_PROCESSOS, alvo.empresaId, "resumo", filtro],
    queryFn: ({ signal }) => api<TResumoProcessos>(`/api/processos/resumo${query(alvo, filtro)}`, { signal }),
  });
};

export const processoQuery = (alvo: TAlvo, id: string) =>
  queryOptions({
    queryKey: [...CHAVE_PROCESSOS, alvo.empresaId, "processo", id],
    queryFn: ({ signal }) => api<TProcessoDetalhe>(`/api/processos/${id}${query(alvo)}`, { signal }),
  });

export const profissionaisQuery = (alvo: TAlvo) =>
  queryOptions({
    queryKey: [...CHAVE_PROCESSOS, alvo.empresaId, "profissionais"],
    queryFn: ({ signal }) => api<TOpcaoProfissional[]>(`/api/processos/profissionais${query(alvo)}`, { signal }),
    staleTime: 60_000,
  });

export const consultoresProcessosQuery = (alvo: TAlvo) =>
  queryOptions({
    queryKey: [...CHAVE_PROCESSOS, alvo.empresaId, "consultores"],
    queryFn: ({ signal }) => api<TOpcaoConsultorProcesso[]>(`/api/processos/consultores${query(alvo)}`, { signal }),
    staleTime: 60_000,
  });

export const salvarProcesso = (id: string, dados: TEditarProcesso) =>
  api<TProcesso>(`/api/processos/${id}`, { method: "PUT", body: dados });
