import type { TEstadoPrazo } from "@crm/domain/deadlines";
import type {
  TFiltroPrazos,
  TMeusPrazos,
  TModeloPrazo,
  TPrazo,
  TPrazosDoProcesso,
  TResponsavel,
  TSalvarModeloPrazo,
  TSalvarPrazo,
} from "@crm/domain/schemas/deadlines";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

/** Every deadline query starts with this key: one invalidation refreshes the dialog's part and 'Meus prazos'. */
export const CHAVE_PRAZOS = ["prazos"] as const;

/** The company the screen acts on: the own one, or the platform admin's chosen one. */
export type TAlvoPrazos = { empresaId: string | null };

function query(alvo: TAlvoPrazos, extra: Record<string, unknown> = {}): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...extra, empresaId: alvo.empresaId ?? undefined })) {
    if (v === undefined || v === null || v === "") continue;
    p.set(k, String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : "";
}

export const prazosDoProcessoQuery = (alvo: TAlvoPrazos, leadId: string) =>
  queryOptions({
    queryKey: [...CHAVE_PRAZOS, alvo.empresaId, "processo", leadId],
    queryFn: ({ signal }) => api<TPrazosDoProcesso>(`/api/processos/${leadId}/prazos${query(alvo)}`, { signal }),
    // a status change in the dialog may have created chain tasks: read again whenever the part is shown
    staleTime: 0,
  });

export const meusPrazosQuery = (alvo: TAlvoPrazos, f: Partial<TFiltroPrazos>) =>
  queryOptions({
    queryKey: [...CHAVE_PRAZOS, alvo.empresaId, "meus", f],
    queryFn: ({ signal }) => api<TMeusPrazos>(`/api/prazos${query(alvo, f)}`, { signal }),
    // deadlines change from the process dialog and the chains: read again whenever the page is shown
    staleTime: 0,
  });

export const responsaveisQuery = (alvo: TAlvoPrazos) =>
  queryOptions({
    queryKey: [...CHAVE_PRAZOS, alvo.empresaId, "responsaveis"],
    queryFn: ({ signal }) => api<TResponsavel[]>(`/api/prazos/responsaveis${query(alvo)}`, { signal }),
    staleTime: 60_000,
  });

export const modelosPrazosQuery = () =>
  queryOptions({
    queryKey: [...CHAVE_PRAZOS, "modelos"],
    queryFn: ({ signal }) => api<TModeloPrazo[]>("/api/prazos-modelos", { signal }),
  });

export const criarPrazo = (leadId: string, dados: TSalvarPrazo) =>
  api<TPrazo>(`/api/processos/${leadId}/prazos`, { method: "POST", body: dados });
export const editarPrazo = (id: string, dados: TSalvarPrazo) => api<TPrazo>(`/api/prazos/${id}`, { method: "PUT", body: dados });
export const mudarEstadoPrazo = (id: string, estado: TEstadoPrazo) =>
  api<TPrazo>(`/api/prazos/${id}/estado`, { method: "PUT", body: { estado } });
export const excluirPrazo = (id: string) => api<void>(`/api/prazos/${id}`, { method: "DELETE" });
export const definirAvisoCliente = (leadId: string, ativo: boolean) =>
  api<{ ativo: boolean }>(`/api/processos/${leadId}/aviso-cliente`, { method: "PUT", body: { ativo } });

export const criarModeloPrazo = (dados: TSalvarModeloPrazo) =>
  api<TModeloPrazo>("/api/prazos-modelos", { method: "POST", body: dados });
export const editarModeloPrazo = (id: string, dados: TSalvarModeloPrazo) =>
  api<TModeloPrazo>(`/api/prazos-modelos/${id}`, { method: "PUT", body: dados });
export const excluirModeloPrazo = (id: string) => api<void>(`/api/prazos-modelos/${id}`, { method: "DELETE" });
