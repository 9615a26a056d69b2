import type { TConvite, TEdicaoConsultor, TNovoConvite, TPainelConsultores } from "@crm/domain/schemas/team";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

/** The company the screen acts on: the platform admin names it (?empresa=), company admins act on their own. */
export type TAlvo = { empresaId: string | null };

const qs = ({ empresaId }: TAlvo) => (empresaId ? `?empresaId=${encodeURIComponent(empresaId)}` : "");

export const CHAVE_CONSULTORES = ["consultores"] as const;

export const painelQuery = (alvo: TAlvo) =>
  queryOptions({
    queryKey: [...CHAVE_CONSULTORES, "painel", alvo.empresaId],
    queryFn: ({ signal }) => api<TPainelConsultores>(`/api/consultores${qs(alvo)}`, { signal }),
  });

export const convitesQuery = (alvo: TAlvo) =>
  queryOptions({
    queryKey: [...CHAVE_CONSULTORES, "convites", alvo.empresaId],
    queryFn: ({ signal }) => api<{ convites: TConvite[] }>(`/api/consultores/convites${qs(alvo)}`, { signal }),
  });

export const convidar = (alvo: TAlvo, dados: TNovoConvite) =>
  api<TConvite>(`/api/consultores/convites${qs(alvo)}`, { method: "POST", body: dados });

export const reenviarConvite = (alvo: TAlvo, id: string) =>
  api<TConvite>(`/api/consultores/convites/${encodeURIComponent(id)}/reenviar${qs(alvo)}`, { method: "POST" });

export const excluirConvite = (alvo: TAlvo, id: string) =>
  api(`/api/consultores/convites/${encodeURIComponent(id)}${qs(alvo)}`, { method: "DELETE" });

export const atualizarConsultor = (alvo: TAlvo, id: string, dados: TEdicaoConsultor) =>
  api(`/api/consultores/${encodeURIComponent(id)}${qs(alvo)}`, { method: "PATCH", body: dados });

export const excluirConsultor = (alvo: TAlvo, id: string) =>
  api<{ leadsDesatribuidos: number }>(`/api/consultores/${encodeURIComponent(id)}${qs(alvo)}`, { method: "DELETE" });
