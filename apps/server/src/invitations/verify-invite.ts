import { MSG } from "@crm/domain/messages";
import type { TLinkConvite, TPaginaConvite, TVerificacaoConvite } from "@crm/domain/schemas/invitations";
import type { TDeps } from "../core/deps.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { HttpError } from "../http/errors.js";
import { carregarConviteValido } from "./load-valid-invite.js";

/** The invalid-link text of each page (001 §8): the consultant page's default and the legal page's. */
function mensagemLinkInvalido(pagina: TPaginaConvite): string {
  return pagina === "juridico" ? MSG.empresaNaoEncontradaOuLinkInvalido : MSG.conviteInvalidoOuExpirado;
}

/** 410 Gone: the page switches to its 'Link Inválido' screen. */
export const linkInvalido = (pagina: TPaginaConvite) => new HttpError(410, mensagemLinkInvalido(pagina));

/**
 * verify_invitation_token (001 §7): whether a link can still be completed, and what for. Never spends it.
 * Crossing tenants is inherent: a visitor, maybe signed out, holds a link that names the company.
 */
export function verificarConvite(deps: Pick<TDeps, "db">, link: TLinkConvite): Promise<TVerificacaoConvite> {
  return unsafeWithSystem(deps.db.app, "verificar-convite", async (tx) => {
    const c = await carregarConviteValido(tx, link);
    if (!c) return { success: false, error: mensagemLinkInvalido(link.pagina) };
    const { rows } = await tx.query("SELECT id_empresa_fk, ativo FROM usuarios_plataforma WHERE email = $1", [c.email]);
    const conta = rows[0] as { id_empresa_fk: string | null; ativo: boolean } | undefined;
    // the email got an account in another company after the invitation was sent
    if (conta && conta.id_empresa_fk !== c.id_empresa_fk) return { success: false, error: MSG.emailEmOutraEmpresa };
    return {
      success: true,
      invitation: {
        email: c.email,
        papel: c.papel,
        nome: c.nome,
        empresaNome: c.nome_empresa,
        usuarioExistente: !!conta?.ativo,
      },
    };
  });
}
