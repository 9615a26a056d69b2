import type { TControlador, TPainelRegistro, TRegraRetencao, TVersaoRopa } from "@crm/domain/schemas/privacy-records";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

const comEmpresa = (empresaId: string | null) => (empresaId ? `?empresaId=${empresaId}` : "");

export const CHAVE_REGISTRO = ["privacidade-registro"] as const;

/** /privacidade/registro in one read (decisions 1872–1873). */
export const registroQuery = (empresaId: string | null) =>
  queryOptions({
    queryKey: [...CHAVE_REGISTRO, empresaId],
    queryFn: ({ signal }) => api<TPainelRegistro>(`/api/privacidade/registro${comEmpresa(empresaId)}`, { signal }),
  });

export const gerarVersao = (empresaId: string | null) =>
  api<TVersaoRopa>(`/api/privacidade/registro/ropa${comEmpresa(empresaId)}`, { method: "POST" });

/** A version's file, downloaded by the browser through the authorized route (the session cookie goes with it). */
export const urlDoArquivo = (empresaId: string | null, id: string, formato: "pdf" | "xlsx") =>
  `/api/privacidade/registro/ropa/${id}/${formato}${comEmpresa(empresaId)}`;

export const salvarControlador = (empresaId: string | null, corpo: TControlador) =>
  api(`/api/privacidade/registro/controlador${comEmpresa(empresaId)}`, { method: "PUT", body: corpo });

export const salvarRegras = (empresaId: string | null, regras: TRegraRetencao[]) =>
  api(`/api/privacidade/registro/retencao${comEmpresa(empresaId)}`, { method: "PUT", body: { regras } });
