import type { TPerfil, TPerfilBasico, TSessaoAtiva, TTrocaEmail, TTrocaSenha } from "@crm/domain/schemas/profile";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const CHAVE_PERFIL = ["perfil"] as const;

export const perfilQuery = queryOptions({
  queryKey: CHAVE_PERFIL,
  queryFn: ({ signal }) => api<TPerfil>("/api/perfil", { signal }),
});

export const sessoesQuery = queryOptions({
  queryKey: [...CHAVE_PERFIL, "sessoes"],
  queryFn: ({ signal }) => api<{ sessoes: TSessaoAtiva[] }>("/api/perfil/sessoes", { signal }),
});

export const salvarPerfil = (dados: TPerfilBasico) => api<TPerfil>("/api/perfil", { method: "PATCH", body: dados });
export const trocarEmail = (dados: TTrocaEmail) => api("/api/perfil/email", { method: "POST", body: dados });
export const trocarSenha = (dados: TTrocaSenha) =>
  api<{ mensagem: string; sessoesEncerradas: number }>("/api/perfil/senha", { method: "POST", body: dados });
export const encerrarSessao = (id: string) => api(`/api/perfil/sessoes/${encodeURIComponent(id)}`, { method: "DELETE" });
export const encerrarOutrasSessoes = () =>
  api<{ sessoesEncerradas: number }>("/api/perfil/sessoes/encerrar-outras", { method: "POST" });
export const confirmarTrocaEmail = (token: string) => api("/api/perfil/confirmar-email", { method: "POST", body: { token } });
