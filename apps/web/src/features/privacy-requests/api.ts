import { MSG } from "@crm/domain/messages";
import type {
  TConfigPrivacidade,
  TConfirmarCodigo,
  TEliminarDados,
  TNovoPedidoPrivacidade,
  TPacotePublico,
  TPaginaPublicaPrivacidade,
  TPainelPrivacidade,
  TResultadoEliminacao,
} from "@crm/domain/schemas/privacy-requests";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../../lib/api";
import { uploadWithProgress } from "../../lib/uploadWithProgress";

const comEmpresa = (empresaId: string | null) => (empresaId ? `?empresaId=${empresaId}` : "");

export const CHAVE_PRIVACIDADE = ["privacidade"] as const;

/** /privacidade: the company's requests and their clock (decision 1825). */
export const painelQuery = (empresaId: string | null) =>
  queryOptions({
    queryKey: [...CHAVE_PRIVACIDADE, empresaId],
    queryFn: ({ signal }) => api<TPainelPrivacidade>(`/api/privacidade/pedidos${comEmpresa(empresaId)}`, { signal }),
    // a package being built, or an erasure reply on its way to WhatsApp, is polled every 2 s until it ends (decisions
    // 1865, 1942)
    refetchInterval: (q) =>
      q.state.data?.pedidos.some(
        (p) => p.pacote?.status === "na_fila" || p.pacote?.status === "gerando" || p.resposta_envio?.status === "pendente",
      )
        ? 2000
        : false,
  });

/** Starts the access and portability package of a verified request (decision 1865). */
export const iniciarPacote = (empresaId: string | null, id: string) =>
  api(`/api/privacidade/pedidos/${id}/pacote${comEmpresa(empresaId)}`, { method: "POST" });

/** The package's file, downloaded by the browser (the server records each download). */
export const urlDoPacote = (empresaId: string | null, id: string) =>
  `/api/privacidade/pedidos/${id}/pacote/arquivo${comEmpresa(empresaId)}`;

/** The titular's link page /privacidade/{empresa}/pacote/{token} (no sign-in, decision 1866). */
export const pacotePublicoQuery = (empresaId: string, token: string) =>
  queryOptions({
    queryKey: ["privacidade-pacote", empresaId, token],
    queryFn: ({ signal }) => api<TPacotePublico>(`/api/publico/privacidade/${empresaId}/pacote/${token}`, { signal }),
    retry: false,
  });

export const urlDoPacotePublico = (empresaId: string, token: string) =>
  `/api/publico/privacidade/${empresaId}/pacote/${token}/arquivo`;

export const registrarPedido = (empresaId: string | null, corpo: TNovoPedidoPrivacidade) =>
  api<{ protocolo: string; mensagem: string }>(`/api/privacidade/pedidos${comEmpresa(empresaId)}`, {
    method: "POST",
    body: corpo,
  });

export const aprovarPedido = (empresaId: string | null, id: string) =>
  api(`/api/privacidade/pedidos/${id}/aprovar${comEmpresa(empresaId)}`, { method: "POST" });

export const encerrarPedido = (
  empresaId: string | null,
  id: string,
  corpo: { status: "atendida" | "recusada"; resposta: string },
) => api(`/api/privacidade/pedidos/${id}/encerrar${comEmpresa(empresaId)}`, { method: "POST", body: corpo });

/** Answers an erasure request by erasing (decision 1861): the result and the reply recorded for the titular. */
export const eliminarDados = (empresaId: string | null, id: string, corpo: TEliminarDados) =>
  api<TResultadoEliminacao>(`/api/privacidade/pedidos/${id}/eliminar${comEmpresa(empresaId)}`, { method: "POST", body: corpo });

/** The representative's document (decision 1826), through the documents' upload checks. */
export async function enviarDocumentoRepresentante(empresaId: string | null, id: string, arquivo: File): Promise<void> {
  const corpo = new FormData();
  corpo.append("arquivo", arquivo, arquivo.name);
  const r = await uploadWithProgress(`/api/privacidade/pedidos/${id}/documento${comEmpresa(empresaId)}`, corpo, () => {});
  if (r.status === 0) throw new ApiError(0, MSG.erroConexao);
  if (r.status === 200) return;
  const erro = (r.body as { erro?: unknown } | null)?.erro;
  throw new ApiError(r.status, typeof erro === "string" ? erro : MSG.erroEnviarDocumento);
}

/** The public page /privacidade/{empresa} (no sign-in). */
export const paginaPublicaQuery = (empresaId: string) =>
  queryOptions({
    queryKey: ["privacidade-publica", empresaId],
    queryFn: ({ signal }) => api<TPaginaPublicaPrivacidade>(`/api/publico/privacidade/${empresaId}`, { signal }),
    retry: false,
  });

export const enviarPedidoPublico = (empresaId: string, corpo: TNovoPedidoPrivacidade) =>
  api<{ protocolo: string; mensagem: string }>(`/api/publico/privacidade/${empresaId}/pedidos`, { method: "POST", body: corpo });

export const confirmarCodigoPublico = (empresaId: string, corpo: TConfirmarCodigo) =>
  api<{ mensagem: string }>(`/api/publico/privacidade/${empresaId}/confirmar`, { method: "POST", body: corpo });

export const configQuery = (empresaId: string | null) =>
  queryOptions({
    queryKey: [...CHAVE_PRIVACIDADE, "configuracao", empresaId],
    queryFn: ({ signal }) => api<TConfigPrivacidade>(`/api/privacidade/configuracao${comEmpresa(empresaId)}`, { signal }),
  });

export const salvarConfig = (empresaId: string | null, corpo: TConfigPrivacidade) =>
  api<TConfigPrivacidade>(`/api/privacidade/configuracao${comEmpresa(empresaId)}`, { method: "PUT", body: corpo });
