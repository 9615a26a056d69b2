import type { TLogin, TRegistro } from "@crm/domain/schemas/auth";
import type { TConfigPublica, TSessao } from "@crm/domain/schemas/session";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { CHAVE_CONFIG_PUBLICA } from "../../lib/session";

/** What the signed-out pages need: demo quick-fill accounts and whether the dev mailbox exists. */
export const configPublicaQuery = queryOptions({
  queryKey: [CHAVE_CONFIG_PUBLICA],
  queryFn: ({ signal }) => api<TConfigPublica>("/api/config/publica", { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

export const entrar = (dados: TLogin) => api<TSessao>("/api/auth/login", { method: "POST", body: dados });

export const registrar = (dados: TRegistro) => api<{ ok: true }>("/api/auth/registro", { method: "POST", body: dados });

export const solicitarRecuperacao = (email: string) => api("/api/auth/esqueci-senha", { method: "POST", body: { email } });

export const redefinirSenha = (dados: { token: string; senha: string; confirmarSenha: string }) =>
  api("/api/auth/redefinir-senha", { method: "POST", body: dados });

export const confirmarEmail = (token: string) => api("/api/auth/confirmar-email", { method: "POST", body: { token } });

export const sairNoServidor = () => api("/api/auth/logout", { method: "POST" });

export type TDiagnosticoAuth = {
  conexao: { ok: boolean; latenciaMs: number };
  sessao: { email: string; papel: string; empresa: string | null; expira: string | null } | null;
  cookies: { sessao: boolean; csrf: boolean };
};

export const diagnosticoAuth = (signal?: AbortSignal) => api<TDiagnosticoAuth>("/api/debug/auth", { signal });

/** The params of an emailed link's hash, e.g. `#type=recovery&token=...`. */
export function lerLinkDoHash(hash: string, tipo: "recovery" | "email_confirmation"): string | null {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  const token = p.get("token");
  return p.get("type") === tipo && token ? token : null;
}

export const reenviarConfirmacao = (email: string) => api("/api/auth/reenviar-confirmacao", { method: "POST", body: { email } });
