import type { TConfigPreAnalise, TContratoLead, TPreAnaliseLead } from "@crm/domain/schemas/revisional";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const chavePreAnalise = (leadId: string) => ["pre-analise", leadId] as const;

export const preAnaliseQuery = (leadId: string) =>
  queryOptions({
    queryKey: chavePreAnalise(leadId),
    queryFn: ({ signal }) => api<TPreAnaliseLead>(`/api/leads/${encodeURIComponent(leadId)}/pre-analise`, { signal }),
  });

export const salvarContrato = (leadId: string, c: Record<keyof TContratoLead, string>) =>
  api<TPreAnaliseLead>(`/api/leads/${encodeURIComponent(leadId)}/contrato`, { method: "PUT", body: c });

export const configPreAnaliseQuery = queryOptions({
  queryKey: ["empresa", "pre-analise"] as const,
  queryFn: ({ signal }) => api<TConfigPreAnalise>("/api/empresa/pre-analise", { signal }),
});

export const salvarConfigPreAnalise = (c: TConfigPreAnalise) =>
  api<TConfigPreAnalise>("/api/empresa/pre-analise", { method: "PUT", body: c });
