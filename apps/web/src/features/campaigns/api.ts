import type {
  TAcaoCampanha,
  TCampanha,
  TContagemPublico,
  TFiltrosCampanhaEntrada,
  TModelosCampanha,
  TNovaCampanhaEntrada,
} from "@crm/domain/schemas/campaigns";
import type { TEtiqueta } from "@crm/domain/schemas/tags";
import type { TPainelConsultores } from "@crm/domain/schemas/team";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

/** Every campaign query starts with this key: one invalidation refreshes the list and its figures. */
export const CHAVE_CAMPANHAS = ["campanhas"] as const;

export const campanhasQuery = () =>
  queryOptions({
    queryKey: CHAVE_CAMPANHAS,
    queryFn: ({ signal }) => api<TCampanha[]>("/api/campanhas", { signal }),
    // the figures move as the sender works and receipts arrive
    refetchInterval: 15_000,
  });

/** The audience builder's live count (decision 1891). */
export const publicoQuery = (filtros: TFiltrosCampanhaEntrada) =>
  queryOptions({
    queryKey: [...CHAVE_CAMPANHAS, "publico", filtros],
    queryFn: ({ signal }) => api<TContagemPublico>("/api/campanhas/publico", { method: "POST", body: { filtros }, signal }),
    placeholderData: keepPreviousData,
  });

/** The filters' choices: the company's tags and consultants. */
export const etiquetasQuery = () =>
  queryOptions({ queryKey: ["campanhas", "etiquetas"], queryFn: ({ signal }) => api<TEtiqueta[]>("/api/etiquetas", { signal }) });
export const consultoresQuery = () =>
  queryOptions({
    queryKey: ["campanhas", "consultores"],
    queryFn: ({ signal }) => api<TPainelConsultores>("/api/consultores", { signal }),
  });

export const criarCampanha = (c: TNovaCampanhaEntrada) => api<TCampanha>("/api/campanhas", { method: "POST", body: c });
export const mudarEstado = (id: string, acao: TAcaoCampanha["acao"]) =>
  api<TCampanha>(`/api/campanhas/${id}/estado`, { method: "POST", body: { acao } });

/** The company's approved templates for the message step (decision 1944): read from the provider, so not retried. */
export const modelosQuery = () =>
  queryOptions({
    queryKey: [...CHAVE_CAMPANHAS, "modelos"],
    queryFn: ({ signal }) => api<TModelosCampanha>("/api/campanhas/modelos", { signal }),
    staleTime: 60_000,
    retry: false,
  });
