import type {
  TAvisosEmLote,
  TComunicarAnpd,
  TDetalheIncidente,
  TEditarIncidente,
  TIncidentesPlataforma,
  TListaIncidentes,
  TNovoIncidente,
  TNovoIncidentePlataforma,
  TSelecaoTitulares,
  TTitularesEncontrados,
} from "@crm/domain/schemas/incidents";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

const comEmpresa = (empresaId: string | null, sep = "?") => (empresaId ? `${sep}empresaId=${empresaId}` : "");
const BASE = "/api/privacidade/incidentes";

export const CHAVE_INCIDENTES = ["incidentes"] as const;

/** The company's register (decision 1875): the list with each countdown. */
export const incidentesQuery = (empresaId: string | null) =>
  queryOptions({
    queryKey: [...CHAVE_INCIDENTES, "lista", empresaId],
    queryFn: ({ signal }) => api<TListaIncidentes>(`${BASE}${comEmpresa(empresaId)}`, { signal }),
    // the countdown's hours move: read again every minute while the screen is open
    refetchInterval: 60_000,
  });

export const detalheQuery = (empresaId: string | null, id: string) =>
  queryOptions({
    queryKey: [...CHAVE_INCIDENTES, "detalhe", empresaId, id],
    queryFn: ({ signal }) => api<TDetalheIncidente>(`${BASE}/${id}${comEmpresa(empresaId)}`, { signal }),
  });

export const registrarIncidente = (empresaId: string | null, corpo: TNovoIncidente) =>
  api<{ id: string; numero: string; mensagem: string }>(`${BASE}${comEmpresa(empresaId)}`, { method: "POST", body: corpo });

export const editarIncidente = (empresaId: string | null, id: string, corpo: TEditarIncidente) =>
  api(`${BASE}/${id}${comEmpresa(empresaId)}`, { method: "PUT", body: corpo });

export const contarTitulares = (empresaId: string | null, selecao: TSelecaoTitulares, signal?: AbortSignal) =>
  api<{ titulares: number }>(`${BASE}/titulares/contar${comEmpresa(empresaId)}`, { method: "POST", body: selecao, signal });

export const buscarTitulares = (empresaId: string | null, busca: string, signal?: AbortSignal) =>
  api<TTitularesEncontrados>(`${BASE}/leads?busca=${encodeURIComponent(busca)}${comEmpresa(empresaId, "&")}`, { signal });

export const comunicarAnpd = (empresaId: string | null, id: string, corpo: TComunicarAnpd) =>
  api(`${BASE}/${id}/comunicar${comEmpresa(empresaId)}`, { method: "POST", body: corpo });

export const encerrarIncidente = (empresaId: string | null, id: string, conclusao: string) =>
  api(`${BASE}/${id}/encerrar${comEmpresa(empresaId)}`, { method: "POST", body: { conclusao } });

export const avisarTitular = (empresaId: string | null, id: string, leadId: string, canal: "whatsapp" | "email") =>
  api<{ mensagem: string }>(`${BASE}/${id}/titulares/${leadId}/avisar${comEmpresa(empresaId)}`, {
    method: "POST",
    body: { canal },
  });

/** 'Avisar todos' (decision 1945): every titular not notified yet, by WhatsApp or else email. */
export const avisarTodos = (empresaId: string | null, id: string) =>
  api<TAvisosEmLote>(`${BASE}/${id}/titulares/avisar-todos${comEmpresa(empresaId)}`, { method: "POST", body: {} });

/** The platform admin's incidents across companies (decision 1877). */
export const plataformaQuery = queryOptions({
  queryKey: [...CHAVE_INCIDENTES, "plataforma"],
  queryFn: ({ signal }) => api<TIncidentesPlataforma>("/api/privacidade/incidentes-plataforma", { signal }),
  refetchInterval: 60_000,
});

export const registrarIncidentePlataforma = (corpo: TNovoIncidentePlataforma) =>
  api<{ id: string; numero: string; mensagem: string }>("/api/privacidade/incidentes-plataforma", {
    method: "POST",
    body: corpo,
  });
