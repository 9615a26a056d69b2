import type { TAtribuicao, TConversoesMeta, TConversoesMetaForm, TTesteConversoesMeta } from "@crm/domain/schemas/attribution";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { TSelecaoPeriodo } from "../../ui/PeriodSelector";

/** The company the screen acts on: the admin's own (null), or the one the platform admin opened. */
export type TAlvo = { empresaId: string | null };

const consulta = (p: Record<string, string | undefined>, { empresaId }: TAlvo) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v) q.set(k, v);
  if (empresaId) q.set("empresaId", empresaId);
  const s = q.toString();
  return s ? `?${s}` : "";
};

export const CHAVE_ATRIBUICAO = ["atribuicao"] as const;

export const atribuicaoQuery = (alvo: TAlvo, p: TSelecaoPeriodo) =>
  queryOptions({
    queryKey: [...CHAVE_ATRIBUICAO, "campanhas", alvo.empresaId, p],
    queryFn: ({ signal }) =>
      api<TAtribuicao>(
        `/api/atribuicao/campanhas${consulta(
          { periodo: p.periodo, ...(p.periodo === "custom" ? { inicio: p.inicio, fim: p.fim } : {}) },
          alvo,
        )}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const conversoesQuery = (alvo: TAlvo) =>
  queryOptions({
    queryKey: [...CHAVE_ATRIBUICAO, "conversoes", alvo.empresaId],
    queryFn: ({ signal }) => api<TConversoesMeta>(`/api/atribuicao/conversoes-meta${consulta({}, alvo)}`, { signal }),
  });

export const salvarConversoes = (alvo: TAlvo, f: TConversoesMetaForm) =>
  api<TConversoesMeta>(`/api/atribuicao/conversoes-meta${consulta({}, alvo)}`, { method: "PUT", body: f });

export const testarConversoes = (alvo: TAlvo, f: TConversoesMetaForm) =>
  api<TTesteConversoesMeta>(`/api/atribuicao/conversoes-meta/teste${consulta({}, alvo)}`, { method: "POST", body: f });
