import type {
  TEdicaoEndpointWebhook,
  TEndpointWebhook,
  TEndpointWebhookComSegredo,
  TListaEndpointsWebhook,
  TListaEntregasWebhook,
  TNovoEndpointWebhook,
  TReenvioFalhas,
} from "@crm/domain/webhooks";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

const BASE = "/api/empresa/webhooks";

export const endpointsWebhookQuery = queryOptions({
  queryKey: ["webhooks"],
  queryFn: ({ signal }) => api<TListaEndpointsWebhook>(BASE, { signal }),
});
export const entregasWebhookQuery = (endpointId: string) =>
  queryOptions({
    queryKey: ["webhooks", endpointId, "entregas"],
    queryFn: ({ signal }) => api<TListaEntregasWebhook>(`${BASE}/${endpointId}/entregas`, { signal }),
  });

export const criarEndpointWebhook = (e: TNovoEndpointWebhook) =>
  api<TEndpointWebhookComSegredo>(BASE, { method: "POST", body: e });
export const editarEndpointWebhook = (id: string, e: TEdicaoEndpointWebhook) =>
  api<TEndpointWebhook>(`${BASE}/${id}`, { method: "PATCH", body: e });
export const excluirEndpointWebhook = (id: string) => api<object>(`${BASE}/${id}`, { method: "DELETE" });
export const rotacionarSegredoWebhook = (id: string) =>
  api<TEndpointWebhookComSegredo>(`${BASE}/${id}/rotacionar`, { method: "POST" });
export const enviarTesteWebhook = (id: string) => api<object>(`${BASE}/${id}/teste`, { method: "POST" });
export const reenviarEntregaWebhook = (id: string, entregaId: string) =>
  api<object>(`${BASE}/${id}/entregas/${entregaId}/reenviar`, { method: "POST" });
export const reenviarFalhasWebhook = (id: string, p: TReenvioFalhas) =>
  api<{ reenviadas: number }>(`${BASE}/${id}/reenviar-falhas`, { method: "POST", body: p });
