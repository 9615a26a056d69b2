import type { TEscopoTarefas } from "@crm/domain/follow-ups";
import type { TListaTarefas, TNovaTarefa, TNovoRetorno, TTarefa } from "@crm/domain/schemas/follow-ups";
import type { TStatusLead } from "@crm/domain/status";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

/** Every follow-up query starts with this key: one invalidation refreshes 'Meus retornos' and the reminders. */
export const CHAVE_TAREFAS = ["tarefas"] as const;

export const tarefasQuery = (escopo: TEscopoTarefas) =>
  queryOptions({
    queryKey: [...CHAVE_TAREFAS, escopo],
    queryFn: ({ signal }) => api<TListaTarefas>(`/api/tarefas?escopo=${escopo}`, { signal }),
    staleTime: 0,
  });

/** 'Agendar Retorno': the status and the follow-up together (decision 1831). */
export const agendarRetorno = (leadId: string, retorno: TNovoRetorno) =>
  api<{ status_lead: TStatusLead }>(`/api/chat/${encodeURIComponent(leadId)}/status`, {
    method: "POST",
    body: { acao: "agendar_retorno", retorno },
  });

export const criarTarefa = (leadId: string, t: TNovaTarefa) =>
  api<TTarefa>(`/api/chat/${encodeURIComponent(leadId)}/tarefas`, { method: "POST", body: t });

export const fecharTarefa = (id: string, estado: "concluida" | "cancelada") =>
  api<TTarefa>(`/api/tarefas/${id}/estado`, { method: "PUT", body: { estado } });
