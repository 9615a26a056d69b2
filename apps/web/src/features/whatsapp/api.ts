import type { TConexaoWhatsApp } from "@crm/domain/schemas/whatsapp";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const CHAVE_CONEXAO = ["whatsapp", "conexao"] as const;

/** The connection screen's check: asks the provider (001: rechecked by polling every 30 seconds). */
export const verificacaoQuery = queryOptions({
  queryKey: [...CHAVE_CONEXAO, "verificacao"],
  queryFn: () => api<TConexaoWhatsApp>("/api/whatsapp/conexao/verificar", { method: "POST", body: {} }),
  refetchInterval: 30_000,
  refetchOnWindowFocus: true,
});

export const conectar = () => api<TConexaoWhatsApp>("/api/whatsapp/conexao/conectar", { method: "POST", body: {} });

/** The stored connection state (every role): the read-only status page of Consultor and Jurídico. */
export const estadoQuery = queryOptions({
  queryKey: [...CHAVE_CONEXAO, "estado"],
  queryFn: ({ signal }) => api<TConexaoWhatsApp>("/api/whatsapp/conexao", { signal }),
  refetchInterval: 30_000,
});
