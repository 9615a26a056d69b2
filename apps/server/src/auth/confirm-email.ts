import { MSG } from "@crm/domain/messages";
import type { TDeps } from "../core/deps.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { badRequest } from "../http/errors.js";
import { registrarAuditoria } from "./audit.js";
import { invalidarTokens, resgatarTokenUnico } from "./one-time-tokens.js";
import type { TMetaRequisicao } from "./request-meta.js";

/** Redeems an email-confirmation link: single use, 24 h; any bad link gets the same pt-BR answer. */
export async function confirmEmail(deps: TDeps, token: string, meta: TMetaRequisicao): Promise<void> {
  // crossing tenants is inherent: the token is all that identifies the user
  const ok = await unsafeWithSystem(deps.db.app, "confirmar-email", async (tx) => {
    const usuarioId = await resgatarTokenUnico(tx, "confirmacao_email", token);
    if (!usuarioId) return false;
    const { rows } = await tx.query(
      `UPDATE usuarios_plataforma SET email_confirmado_em = coalesce(email_confirmado_em, now()), updated_at = now()
        WHERE id = $1 RETURNING id_empresa_fk`,
      [usuarioId],
    );
    await invalidarTokens(tx, usuarioId, "confirmacao_email");
    await registrarAuditoria(tx, {
      empresaId: rows[0]?.id_empresa_fk ?? null,
      usuarioId,
      acao: "email.confirmado",
      entidade: "usuario",
      entidadeId: usuarioId,
      ip: meta.ip,
    });
    return true;
  });
  if (!ok) throw badRequest(MSG.linkConfirmacaoInvalido);
}
