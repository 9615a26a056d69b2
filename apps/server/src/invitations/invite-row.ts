import type { TConvite } from "@crm/domain/schemas/team";
import type { TDeps } from "../core/deps.js";
import { linkDoConvite, type TDadosLinkConvite } from "./invite-token.js";

/** The columns an invitation is read with, everywhere it is listed. */
export const COLUNAS_CONVITE =
  "id, id_empresa_fk, email, nome, papel, id_usuario_existente_fk, expires_at, created_at, expires_at <= now() AS expirado";

type TLinhaConvite = TDadosLinkConvite & { expires_at: Date; created_at: Date; expirado: boolean };

/** A convites row as the admins' API shows it, with the link the invitee received. */
export function paraConvite(deps: Pick<TDeps, "config">, r: TLinhaConvite): TConvite {
  return {
    id: r.id,
    nome: r.nome,
    email: r.email,
    papel: r.papel,
    expires_at: new Date(r.expires_at).toISOString(),
    created_at: new Date(r.created_at).toISOString(),
    expirado: r.expirado,
    usuario_existente: !!r.id_usuario_existente_fk,
    link: linkDoConvite(deps.config, r),
  };
}
