import type {
  TConvite,
  TEquipeJuridica,
  TMembroJuridico,
  TMembroJuridicoForm,
  TNovoMembroJuridico,
} from "@crm/domain/schemas/team";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export type TAlvo = { empresaId: string | null };
const qs = ({ empresaId }: TAlvo) => (empresaId ? `?empresaId=${encodeURIComponent(empresaId)}` : "");

export const CHAVE_EQUIPE_JURIDICA = ["juridico-equipe"] as const;

export const equipeQuery = (alvo: TAlvo) =>
  queryOptions({
    queryKey: [...CHAVE_EQUIPE_JURIDICA, alvo.empresaId],
    queryFn: ({ signal }) => api<TEquipeJuridica>(`/api/juridico-equipe${qs(alvo)}`, { signal }),
  });

export const criarMembro = (alvo: TAlvo, dados: TNovoMembroJuridico) =>
  api<TMembroJuridico>(`/api/juridico-equipe${qs(alvo)}`, { method: "POST", body: dados });

export const atualizarMembro = (alvo: TAlvo, id: string, dados: TMembroJuridicoForm) =>
  api(`/api/juridico-equipe/${encodeURIComponent(id)}${qs(alvo)}`, { method: "PUT", body: dados });

export const excluirMembro = (alvo: TAlvo, id: string) =>
  api(`/api/juridico-equipe/${encodeURIComponent(id)}${qs(alvo)}`, { method: "DELETE" });

export const convidarMembro = (alvo: TAlvo, id: string) =>
  api<TConvite>(`/api/juridico-equipe/${encodeURIComponent(id)}/convite${qs(alvo)}`, { method: "POST" });
