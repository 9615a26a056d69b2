import { NOTIFICACAO_RETORNO } from "@crm/domain/follow-ups";
import type { TFiltroNotificacoes, TNotificacao, TPaginaNotificacoes, TSino } from "@crm/domain/schemas/notifications";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const CHAVE_NOTIFICACOES = ["notificacoes"] as const;
export const CHAVE_SINO = [...CHAVE_NOTIFICACOES, "sino"] as const;

export const sinoQuery = queryOptions({
  queryKey: CHAVE_SINO,
  queryFn: ({ signal }) => api<TSino>("/api/notificacoes", { signal }),
});

export function paginaQuery(filtro: TFiltroNotificacoes) {
  const params = new URLSearchParams({
    pagina: String(filtro.pagina),
    tamanho: String(filtro.tamanho),
    situacao: filtro.situacao,
  });
  if (filtro.tipo) params.set("tipo", filtro.tipo);
  return queryOptions({
    queryKey: [...CHAVE_NOTIFICACOES, "pagina", filtro],
    queryFn: ({ signal }) => api<TPaginaNotificacoes>(`/api/notificacoes/pagina?${params}`, { signal }),
  });
}

export const marcarLida = (id: string) => api(`/api/notificacoes/${encodeURIComponent(id)}/lida`, { method: "POST" });
export const marcarTodasLidas = () => api("/api/notificacoes/lidas", { method: "POST" });

/** A new_message notification opens the lead's chat (000 §2.15); a dropped WhatsApp, the connection screen; a legal process, /processos. */
export function destinoDaNotificacao(n: TNotificacao): string | null {
  const leadId = n.dados_extras?.leadId;
  if (n.tipo === "whatsapp_disconnected") return "/whatsapp-connection";
  // a legal process's notifications (lead-events, legal-processes) open /processos
  if (n.dados_extras?.link === "/processos") return "/processos";
  // a new legal document (documents) opens /documentos
  if (n.dados_extras?.link === "/documentos") return "/documentos";
  // a follow-up's reminder (decision 1831) opens the lead's chat
  if (n.dados_extras?.tipo === NOTIFICACAO_RETORNO && typeof leadId === "string" && leadId) return `/chat/${leadId}`;
  return n.tipo === "new_message" && typeof leadId === "string" && leadId ? `/chat/${leadId}` : null;
}
