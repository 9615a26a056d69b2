import type { TPlano } from "@crm/domain/plans";
import { PAPEIS_DA_PAGINA, type TLinkConvite } from "@crm/domain/schemas/invitations";
import type { TPapelConvite } from "@crm/domain/schemas/team";
import type { TTx } from "../db/tenant.js";
import { hashDoTokenConvite } from "./invite-token.js";

export type TConviteValido = {
  id: string;
  id_empresa_fk: string;
  email: string;
  nome: string;
  papel: TPapelConvite;
  nome_empresa: string;
  plano_assinatura: TPlano;
};

/**
 * The invitation a link opens, only if every part of the link agrees with it: the token (what the server
 * trusts), the company, the email and the role of that page; and it is unused and not expired. Anything else
 * (reused, expired, tampered, another company's) is null, and callers answer the same 'invalid link'.
 * Runs in a system transaction: the visitor may have no session and the link names the company.
 */
export async function carregarConviteValido(tx: TTx, link: TLinkConvite, travar = false): Promise<TConviteValido | null> {
  if (!PAPEIS_DA_PAGINA[link.pagina].includes(link.papel)) return null;
  const { rows } = await tx.query(
    `SELECT c.id, c.id_empresa_fk, c.email, c.nome, c.papel, e.nome_empresa, e.plano_assinatura
       FROM convites c JOIN empresas e ON e.id = c.id_empresa_fk
      WHERE c.token_hash = $1 AND c.id_empresa_fk = $2 AND c.email = $3 AND c.papel = $4
        AND c.used_at IS NULL AND c.expires_at > now()
      ${travar ? "FOR UPDATE OF c" : ""}`,
    [hashDoTokenConvite(link.token), link.empresa, link.email, link.papel],
  );
  return rows[0] ?? null;
}
