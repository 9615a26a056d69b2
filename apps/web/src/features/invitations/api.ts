import type {
  TAceitarConvite,
  TAceitarConviteExistente,
  TLinkConvite,
  TVerificacaoConvite,
} from "@crm/domain/schemas/invitations";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const verificacaoQuery = (link: TLinkConvite) =>
  queryOptions({
    queryKey: ["convite", link.pagina, link.token, link.empresa, link.email, link.papel],
    queryFn: ({ signal }) => api<TVerificacaoConvite>("/api/convites/verificar", { method: "POST", body: link, signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export const aceitarConvite = (dados: TAceitarConvite) => api("/api/convites/aceitar", { method: "POST", body: dados });

export const aceitarConviteExistente = (dados: TAceitarConviteExistente) =>
  api("/api/convites/aceitar-existente", { method: "POST", body: dados });
