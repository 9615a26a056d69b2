import type { TConsentimentoLead, TNovoConsentimento } from "@crm/domain/schemas/consent";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

/** Under the chat's key: the lead's live events (a new message, an opt-out) refresh it with the chat. */
export const chaveConsentimento = (leadId: string) => ["chat", leadId, "consentimento"] as const;

export const consentimentoQuery = (leadId: string) =>
  queryOptions({
    queryKey: chaveConsentimento(leadId),
    queryFn: ({ signal }) => api<TConsentimentoLead>(`/api/chat/${encodeURIComponent(leadId)}/consentimento`, { signal }),
    staleTime: 0,
  });

export const registrarConsentimento = (leadId: string, body: TNovoConsentimento) =>
  api<TConsentimentoLead>(`/api/chat/${encodeURIComponent(leadId)}/consentimento`, { method: "POST", body });
