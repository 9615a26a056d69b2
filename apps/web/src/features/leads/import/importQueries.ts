import { IMPORTACAO_EM_ANDAMENTO, type TImportacaoLeads, type TImportacaoResumo } from "@crm/domain/schemas/leads";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { urlLeads } from "../api";

/** Import queries live outside CHAVE_LEADS: refreshing the lead lists after an import must not refetch them. */
const CHAVE_IMPORTACOES = ["importacoes-leads"] as const;

export const emAndamento = (i: Pick<TImportacaoResumo, "status">) => IMPORTACAO_EM_ANDAMENTO.includes(i.status);

/** One import (GET /importacoes/{id}): its progress, then its result or why it failed. */
export const importacaoQuery = (base: string, id: string) =>
  queryOptions({
    queryKey: [...CHAVE_IMPORTACOES, base, id],
    queryFn: ({ signal }) => api<TImportacaoLeads>(urlLeads(base, `/importacoes/${encodeURIComponent(id)}`), { signal }),
  });

/** The company's latest imports (GET /importacoes): one still running when the person comes back is resumed. */
export const importacoesRecentesQuery = (base: string) =>
  queryOptions({
    queryKey: [...CHAVE_IMPORTACOES, base, "recentes"],
    queryFn: ({ signal }) => api<TImportacaoResumo[]>(urlLeads(base, "/importacoes"), { signal }),
    // read fresh on every visit: a cached list would resume an import that has finished since
    gcTime: 0,
  });
