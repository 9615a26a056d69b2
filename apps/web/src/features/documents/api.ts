import { MSG } from "@crm/domain/messages";
import type { TDocumento, TFiltroDocumentos, TOpcaoLeadDocumento, TPaginaDocumentos } from "@crm/domain/schemas/documents";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../../lib/api";
import { uploadWithProgress } from "../../lib/uploadWithProgress";

/** Every documents query starts with this key: one invalidation refreshes /documentos and the process dialog. */
export const CHAVE_DOCUMENTOS = ["documentos"] as const;

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

export const documentosQuery = (alvo: TAlvo, f: Partial<TFiltroDocumentos>) =>
  queryOptions({
    queryKey: [...CHAVE_DOCUMENTOS, alvo.empresaId, "pagina", f],
    queryFn: ({ signal }) => api<TPaginaDocumentos>(`/api/documentos${query(alvo, f)}`, { signal }),
  });

export const leadsComDocumentosQuery = (alvo: TAlvo) =>
  queryOptions({
    queryKey: [...CHAVE_DOCUMENTOS, alvo.empresaId, "leads"],
    queryFn: ({ signal }) => api<TOpcaoLeadDocumento[]>(`/api/documentos/leads${query(alvo)}`, { signal }),
  });

/** The authorized route that streams the file: inline (preview) or as a download. */
export const urlConteudo = (alvo: TAlvo, id: string, baixar = false) =>
  `/api/documentos/${id}/conteudo${query(alvo, { download: baixar ? "1" : undefined })}`;

export const excluirDocumento = (alvo: TAlvo, id: string) =>
  api<void>(`/api/documentos/${id}${query(alvo)}`, { method: "DELETE" });

/**
 * Sends one file with upload progress. The description goes first so the server reads it before the file's bytes.
 * Rejects with ApiError (status 0: no network).
 */
export async function enviarDocumento(
  leadId: string,
  arquivo: File,
  descricao: string,
  onProgresso: (fracao: number) => void,
): Promise<TDocumento> {
  const corpo = new FormData();
  corpo.append("descricao", descricao);
  corpo.append("arquivo", arquivo, arquivo.name);
  const r = await uploadWithProgress(`/api/processos/${leadId}/documentos`, corpo, onProgresso);
  if (r.status === 0) throw new ApiError(0, MSG.erroConexao);
  const resposta = r.body as (TDocumento & { erro?: string }) | null;
  if (r.status === 201 && resposta) return resposta;
  throw new ApiError(r.status, typeof resposta?.erro === "string" ? resposta.erro : MSG.erroEnviarDocumento);
}
