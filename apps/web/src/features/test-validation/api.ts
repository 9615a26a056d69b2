import { MSG } from "@crm/domain/messages";
import type { TOpcaoConsultor } from "@crm/domain/schemas/leads";
import type { TResultadoAtribuicao } from "@crm/domain/schemas/screening";
import type { TPainelTestes, TSimularMensagem } from "@crm/domain/schemas/whatsapp";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api, COOKIE_CSRF, lerCookie } from "../../lib/api";

export const painelQuery = queryOptions({
  queryKey: ["testes", "painel"],
  queryFn: ({ signal }) => api<TPainelTestes>("/api/testes/painel", { signal }),
  refetchInterval: 5_000,
});

export const simularTexto = (s: TSimularMensagem) => api("/api/testes/simular-mensagem", { method: "POST", body: s });
export const notificacaoDeTeste = () => api("/api/testes/notificacao", { method: "POST", body: {} });

/** A simulated lead's file (multipart; the same CSRF header as every write). */
export async function simularArquivo(s: TSimularMensagem, tipo: "image" | "document", arquivo: File): Promise<void> {
  const form = new FormData();
  form.set("telefone", s.telefone);
  form.set("nome", s.nome);
  form.set("texto", s.texto);
  form.set("tipo", tipo);
  form.set("arquivo", arquivo, arquivo.name);
  const headers: Record<string, string> = { Accept: "application/json" };
  const csrf = lerCookie(COOKIE_CSRF);
  if (csrf) headers["X-CSRF-Token"] = csrf;
  let r: Response;
  try {
    r = await fetch("/api/testes/simular-midia", { method: "POST", body: form, headers, credentials: "include" });
  } catch {
    throw new ApiError(0, MSG.erroConexao);
  }
  if (!r.ok) {
    const j = (await r.json().catch(() => null)) as { erro?: string } | null;
    throw new ApiError(r.status, j?.erro ?? MSG.erroInterno);
  }
}

/** 000 §2.7: test lead assignment through the assign-lead function, and direct assignment (same code as the app). */
export const testarAtribuicao = (leadId: string) =>
  api<TResultadoAtribuicao>("/api/testes/atribuir-lead", { method: "POST", body: { leadId } });
export const atribuicaoDireta = (leadId: string, consultorId: string) =>
  api<TResultadoAtribuicao>("/api/testes/atribuicao-direta", { method: "POST", body: { leadId, consultorId } });
export const consultoresTesteQuery = queryOptions({
  queryKey: ["testes", "consultores"],
  queryFn: ({ signal }) => api<TOpcaoConsultor[]>("/api/leads/consultores", { signal }),
});
