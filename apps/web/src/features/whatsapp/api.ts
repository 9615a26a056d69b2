import type { TConexaoWhatsApp } from "@crm/domain/schemas/whatsapp";
import { INTERVALO_VERIFICACAO_WHATSAPP_MS } from "@crm/domain/whatsapp";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

const CHAVE_CONEXAO = ["whatsapp", "conexao"] as const;

/** The company a request is about: the platform admin names it (`?empresaId=`); everyone else acts on their own. */
export type TAlvo = { empresaId: string | null };
const qs = ({ empresaId }: TAlvo) => (empresaId ? `?empresaId=${encodeURIComponent(empresaId)}` : "");

/**
 * The connection screen's check (001: rechecked by polling every 30 seconds and on live changes). The server asks
 * the provider only on the company's turn (decision 1611) and otherwise answers the stored state, so any number of
 * open tabs costs the gateway at most one call per 30 s.
 */
export const verificacaoQuery = (alvo: TAlvo) =>
  queryOptions({
    queryKey: [...CHAVE_CONEXAO, "verificacao", alvo.empresaId],
    queryFn: () => api<TConexaoWhatsApp>(`/api/whatsapp/conexao/verificar${qs(alvo)}`, { method: "POST", body: {} }),
    refetchInterval: INTERVALO_VERIFICACAO_WHATSAPP_MS,
    refetchOnWindowFocus: true,
  });

export const conectar = (alvo: TAlvo) =>
  api<TConexaoWhatsApp>(`/api/whatsapp/conexao/conectar${qs(alvo)}`, { method: "POST", body: {} });

/** The stored connection state (every role): the read-only status page of Consultor and Jurídico. */
export const estadoQuery = queryOptions({
  queryKey: [...CHAVE_CONEXAO, "estado"],
  queryFn: ({ signal }) => api<TConexaoWhatsApp>("/api/whatsapp/conexao", { signal }),
  refetchInterval: INTERVALO_VERIFICACAO_WHATSAPP_MS,
});
