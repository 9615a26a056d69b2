import { MSG } from "@crm/domain/messages";
import { PAPEL } from "@crm/domain/roles";
import { papelDoLink, type TLinkConvite, type TPaginaConvite, ZLinkConvite } from "@crm/domain/schemas/invitations";

export type TLinkLido = { ok: true; link: TLinkConvite; nome: string } | { ok: false; erro: string };

/**
 * The link's parameters (001 §2): token and company are required, and a new account needs the email
 * (001 §5 messages). They are only hints: the server checks every one against the invitation.
 */
export function lerLinkDoConvite(params: URLSearchParams, pagina: TPaginaConvite): TLinkLido {
  const token = params.get("token");
  const empresa = params.get("empresa");
  if (!token || !empresa) return { ok: false, erro: MSG.linkConviteInvalido };
  const email = params.get("email")?.trim().toLowerCase();
  if (!email) return { ok: false, erro: MSG.emailNaoFornecidoConvite };
  const papel = pagina === "juridico" ? PAPEL.juridico : papelDoLink(params.get("role"));
  // a legal invitation opened on the consultant page (or an unknown role) is a tampered link
  if (!papel || (pagina === "consultor" && papel === PAPEL.juridico)) return { ok: false, erro: MSG.linkConviteInvalido };
  // a malformed token or company (garbage, cut short) can name no invitation: the invalid-link screen, no request
  const link = ZLinkConvite.safeParse({ token, empresa, email, pagina, papel });
  if (!link.success) return { ok: false, erro: MSG.linkConviteInvalido };
  return { ok: true, link: link.data, nome: params.get("name") ?? "" };
}
