import { MSG } from "@crm/domain/messages";
import type {
  TEnviarTemplate,
  TLeadChat,
  TMensagem,
  TModelo,
  TModelos,
  TPaginaMensagens,
  TSalvarModelo,
} from "@crm/domain/schemas/chat";
import type { TDestinoTransferencia, TResultadoTransferencia, TTransferencia } from "@crm/domain/schemas/transfer";
import type { TStatusLead } from "@crm/domain/status";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../../lib/api";
import { uploadWithProgress } from "../../lib/uploadWithProgress";

export const chaveChat = (leadId: string) => ["chat", leadId] as const;
export const chaveMensagens = (leadId: string) => ["chat", leadId, "mensagens"] as const;

export const leadChatQuery = (leadId: string) =>
  queryOptions({
    queryKey: chaveChat(leadId),
    queryFn: ({ signal }) => api<TLeadChat>(`/api/chat/${encodeURIComponent(leadId)}`, { signal }),
    // the window's remaining time and the connection change with time: refresh now and then
    refetchInterval: 60_000,
    staleTime: 0,
  });

const PAGINA = 50;

/** The timeline: page 0 is the newest messages; each next page goes further back. */
export const mensagensQuery = (leadId: string) =>
  infiniteQueryOptions({
    queryKey: chaveMensagens(leadId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<TPaginaMensagens>(
        `/api/chat/${encodeURIComponent(leadId)}/mensagens?limite=${PAGINA}${pageParam ? `&antes=${pageParam}` : ""}`,
        { signal },
      ),
    getNextPageParam: (ultima) => (ultima.temMais && ultima.itens[0] ? ultima.itens[0].id : null),
    // while open, live events keep it current; reopening the chat asks again
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

export const buscarDesde = (leadId: string, desde: string) =>
  api<TPaginaMensagens>(`/api/chat/${encodeURIComponent(leadId)}/mensagens?desde=${encodeURIComponent(desde)}`);
export const buscarMensagem = (leadId: string, id: string) =>
  api<TMensagem>(`/api/chat/${encodeURIComponent(leadId)}/mensagens/${id}`);

export const enviarTexto = (leadId: string, texto: string) =>
  api<TMensagem>(`/api/chat/${encodeURIComponent(leadId)}/mensagens`, { method: "POST", body: { texto } });
export const enviarTemplate = (leadId: string, t: TEnviarTemplate) =>
  api<TMensagem>(`/api/chat/${encodeURIComponent(leadId)}/template`, { method: "POST", body: t });
export const reenviar = (leadId: string, id: string) =>
  api<TMensagem>(`/api/chat/${encodeURIComponent(leadId)}/mensagens/${id}/reenviar`, { method: "POST" });
export const baixarDeNovo = (leadId: string, id: string) =>
  api(`/api/chat/${encodeURIComponent(leadId)}/mensagens/${id}/midia/baixar`, { method: "POST" });
export const marcarLidas = (leadId: string) => api(`/api/chat/${encodeURIComponent(leadId)}/lidas`, { method: "POST" });
export const aplicarAcao = (leadId: string, acao: string) =>
  api<{ status_lead: TStatusLead }>(`/api/chat/${encodeURIComponent(leadId)}/status`, { method: "POST", body: { acao } });

export const modelosQuery = (leadId: string) =>
  queryOptions({
    queryKey: ["chat", leadId, "modelos"],
    queryFn: ({ signal }) => api<TModelos>(`/api/chat/${encodeURIComponent(leadId)}/modelos`, { signal }),
  });
export const criarModelo = (m: TSalvarModelo) => api<TModelo>("/api/modelos-mensagem", { method: "POST", body: m });
export const editarModelo = (id: string, m: TSalvarModelo) =>
  api<TModelo>(`/api/modelos-mensagem/${id}`, { method: "PUT", body: m });
export const excluirModelo = (id: string) => api(`/api/modelos-mensagem/${id}`, { method: "DELETE" });

export const simularResposta = (telefone: string, texto: string) =>
  api("/api/testes/simular-mensagem", { method: "POST", body: { telefone, texto } });

/** Sends a file with upload progress (long actions show progress). */
export async function enviarArquivo(
  leadId: string,
  dados: { tipo: "image" | "document"; arquivo: File; legenda: string },
  progresso: (fracao: number) => void,
): Promise<TMensagem> {
  const form = new FormData();
  form.set("tipo", dados.tipo);
  form.set("legenda", dados.legenda);
  form.set("arquivo", dados.arquivo, dados.arquivo.name);
  const r = await uploadWithProgress(`/api/chat/${encodeURIComponent(leadId)}/midia`, form, progresso);
  if (r.status === 0) throw new ApiError(0, MSG.erroConexao);
  const json = r.body as { erro?: string; campos?: Record<string, string> } | null;
  if (r.status >= 200 && r.status < 300) return json as unknown as TMensagem;
  throw new ApiError(r.status, json?.erro ?? MSG.erroEnviarMidiaChat, json?.campos);
}

/** The consultants a lead may be transferred to (decision 1836). */
export const destinosTransferenciaQuery = (leadId: string) =>
  queryOptions({
    queryKey: [...chaveChat(leadId), "transferencia"],
    queryFn: ({ signal }) =>
      api<TDestinoTransferencia[]>(`/api/chat/${encodeURIComponent(leadId)}/transferencia/destinos`, { signal }),
    staleTime: 0,
  });

export const transferirLead = (leadId: string, t: TTransferencia) =>
  api<TResultadoTransferencia>(`/api/chat/${encodeURIComponent(leadId)}/transferencia`, { method: "POST", body: t });
