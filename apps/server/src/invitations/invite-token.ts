import { createHmac } from "node:crypto";
import { montarLinkConvite } from "@crm/domain/schemas/invitations";
import type { TPapelConvite } from "@crm/domain/schemas/team";
import { hashToken } from "../auth/tokens.js";

/**
 * An invitation's token is derived from its id with an HMAC keyed by APP_SECRET: the database keeps only the
 * token's SHA-256 (a leaked database gives no usable link), yet the admin can copy the same link again from the
 * pending list without the token ever being stored (docs/decisions/0501-team-invitations.md).
 */
export function tokenDoConvite(appSecret: string, conviteId: string): string {
  return createHmac("sha256", appSecret).update(`convite:${conviteId}`).digest("base64url");
}

export const hashDoTokenConvite = (token: string) => hashToken(token);

export type TDadosLinkConvite = {
  id: string;
  id_empresa_fk: string;
  email: string;
  nome: string;
  papel: TPapelConvite;
  id_usuario_existente_fk: string | null;
};

export function linkDoConvite(cfg: { appUrl: string; appSecret: string }, c: TDadosLinkConvite): string {
  return montarLinkConvite(cfg.appUrl, {
    token: tokenDoConvite(cfg.appSecret, c.id),
    empresaId: c.id_empresa_fk,
    email: c.email,
    nome: c.nome,
    papel: c.papel,
    usuarioId: c.id_usuario_existente_fk,
  });
}
