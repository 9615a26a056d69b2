import type { TPlano } from "@crm/domain/plans";
import type {
  TAcaoOperador,
  TAssinatura,
  TCobranca,
  TFormaPagamento,
  TMudarPlano,
  TSituacaoAssinatura,
} from "@crm/domain/schemas/subscription";
import type { TCiclo } from "@crm/domain/subscription";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

/** The company the screen acts on: the admin's own (null), or the one the platform admin opened. */
export type TAlvo = { empresaId: string | null };
type TResultado = { mensagem: string };

const comEmpresa = ({ empresaId }: TAlvo) => (empresaId ? `?empresaId=${encodeURIComponent(empresaId)}` : "");

export const CHAVE_ASSINATURA = ["assinatura"] as const;

export const assinaturaQuery = (alvo: TAlvo) =>
  queryOptions({
    queryKey: [...CHAVE_ASSINATURA, alvo.empresaId],
    queryFn: ({ signal }) => api<TAssinatura>(`/api/assinatura${comEmpresa(alvo)}`, { signal }),
  });

/** The state and what to do about it, for the person signed in (the banner above every page). */
export const situacaoQuery = queryOptions({
  queryKey: [...CHAVE_ASSINATURA, "situacao"],
  queryFn: ({ signal }) => api<TSituacaoAssinatura>("/api/assinatura/situacao", { signal }),
});

export const planoAtualQuery = queryOptions({
  queryKey: [...CHAVE_ASSINATURA, "plano-atual"],
  queryFn: ({ signal }) => api<{ plano: TPlano | null; ciclo: TCiclo | null }>("/api/planos/atual", { signal }),
});

export const cobrancaQuery = (alvo: TAlvo, faturaId: string) =>
  queryOptions({
    queryKey: [...CHAVE_ASSINATURA, alvo.empresaId, "cobranca", faturaId],
    queryFn: ({ signal }) => api<TCobranca>(`/api/assinatura/faturas/${faturaId}/cobranca${comEmpresa(alvo)}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const mudarPlano = (alvo: TAlvo, body: TMudarPlano) =>
  api<TResultado>(`/api/assinatura/plano${comEmpresa(alvo)}`, { method: "POST", body });
export const cancelarAssinatura = (alvo: TAlvo, motivo: string) =>
  api<TResultado>(`/api/assinatura/cancelar${comEmpresa(alvo)}`, { method: "POST", body: { motivo } });
export const retomarAssinatura = (alvo: TAlvo) =>
  api<TResultado>(`/api/assinatura/retomar${comEmpresa(alvo)}`, { method: "POST" });
export const reativarAssinatura = (alvo: TAlvo) =>
  api<TResultado>(`/api/assinatura/reativar${comEmpresa(alvo)}`, { method: "POST" });
export const atualizarPagamento = (alvo: TAlvo, body: TFormaPagamento) =>
  api<TResultado>(`/api/assinatura/pagamento${comEmpresa(alvo)}`, { method: "PUT", body });
export const simularPagamento = (alvo: TAlvo, faturaId: string) =>
  api<TResultado>(`/api/assinatura/faturas/${faturaId}/pagar${comEmpresa(alvo)}`, { method: "POST" });
export const acaoOperador = (empresaId: string, body: TAcaoOperador) =>
  api<TResultado>(`/api/assinatura/operador?empresaId=${encodeURIComponent(empresaId)}`, { method: "POST", body });
