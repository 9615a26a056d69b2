import { MSG } from "@crm/domain/messages";
import { MSG_AGENDADAS, type TStatusAgendamento } from "@crm/domain/scheduled-messages";
import type { TEnviarTemplate, TModelos } from "@crm/domain/schemas/chat";
import type {
  TAgendamento,
  TEditarAgendamento,
  TListaAgendamentos,
  TNovoAgendamento,
} from "@crm/domain/schemas/scheduled-messages";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../../lib/api";
import { uploadWithProgress } from "../../lib/uploadWithProgress";

/** Every schedule query starts with this key: one invalidation refreshes the list and the chat's pending ones. */
export const CHAVE_AGENDADAS = ["agendamentos"] as const;

export const agendamentosQuery = (escopo: "minhas" | "todas", status: TStatusAgendamento | "") =>
  queryOptions({
    queryKey: [...CHAVE_AGENDADAS, "lista", escopo, status],
    queryFn: ({ signal }) =>
      api<TListaAgendamentos>(`/api/agendamentos?escopo=${escopo}${status ? `&status=${status}` : ""}`, { signal }),
    staleTime: 0,
  });

export const agendamentosDoLeadQuery = (leadId: string) =>
  queryOptions({
    queryKey: [...CHAVE_AGENDADAS, "lead", leadId],
    queryFn: ({ signal }) => api<TAgendamento[]>(`/api/chat/${encodeURIComponent(leadId)}/agendamentos`, { signal }),
  });

/** The approved templates for a closed window (the same list as the chat's templates dialog). */
export const aprovadosQuery = (leadId: string) =>
  queryOptions({
    queryKey: ["chat", leadId, "modelos"],
    queryFn: ({ signal }) => api<TModelos>(`/api/chat/${encodeURIComponent(leadId)}/modelos`, { signal }),
  });

export const agendarTexto = (leadId: string, a: TNovoAgendamento) =>
  api<TAgendamento>(`/api/chat/${encodeURIComponent(leadId)}/agendamentos`, { method: "POST", body: a });

export async function agendarArquivo(
  leadId: string,
  a: {
    tipo: "image" | "document";
    arquivo: File;
    legenda: string;
    agendada_para: string;
    cancelar_se_lead_escrever: boolean;
    modelo: TEnviarTemplate | null;
  },
  progresso: (fracao: number) => void,
): Promise<TAgendamento> {
  const form = new FormData();
  form.set("tipo", a.tipo);
  form.set("legenda", a.legenda);
  form.set("agendada_para", a.agendada_para);
  form.set("cancelar_se_lead_escrever", String(a.cancelar_se_lead_escrever));
  if (a.modelo) form.set("modelo", JSON.stringify(a.modelo));
  form.set("arquivo", a.arquivo, a.arquivo.name);
  const r = await uploadWithProgress(`/api/chat/${encodeURIComponent(leadId)}/agendamentos/midia`, form, progresso);
  if (r.status === 0) throw new ApiError(0, MSG.erroConexao);
  const json = r.body as { erro?: string; campos?: Record<string, string> } | null;
  if (r.status >= 200 && r.status < 300) return json as unknown as TAgendamento;
  throw new ApiError(r.status, json?.erro ?? MSG_AGENDADAS.erroSalvar, json?.campos);
}

export const editarAgendamento = (id: string, e: TEditarAgendamento) =>
  api<TAgendamento>(`/api/agendamentos/${id}`, { method: "PUT", body: e });

export const cancelarAgendamento = (id: string) => api<TAgendamento>(`/api/agendamentos/${id}/cancelar`, { method: "POST" });
