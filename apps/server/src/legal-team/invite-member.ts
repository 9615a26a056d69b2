import { MSG } from "@crm/domain/messages";
import { PAPEL } from "@crm/domain/roles";
import type { TConvite } from "@crm/domain/schemas/team";
import type { TDeps } from "../core/deps.js";
import { type TCtxEmpresa, withTenant } from "../db/tenant.js";
import { conflict, notFound } from "../http/errors.js";
import { criarConvite } from "../invitations/create-invite.js";
import { reenviarConvite } from "../invitations/resend-invite.js";

/**
 * 'Convidar' / 'Reenviar convite' on a member without a sign-in: emails their /convite-juridico link, resending
 * the pending one (7 more days) or creating it. A member who already has access is a 409.
 */
export async function convidarMembro(
  deps: Pick<TDeps, "db" | "config" | "mailer" | "realtime">,
  ctx: TCtxEmpresa,
  id: string,
  meta: { ip: string },
): Promise<TConvite> {
  const m = await withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT m.nome, m.email, coalesce(u.ativo AND u.papel = $3, false) AS tem_acesso,
              (SELECT c.id FROM convites c WHERE c.id_empresa_fk = m.id_empresa_fk AND c.email = m.email
                  AND c.used_at IS NULL AND c.papel = $3) AS convite_id
         FROM profissionais_juridicos m LEFT JOIN usuarios_plataforma u ON u.id = m.id_usuario_fk
        WHERE m.id_empresa_fk = $1 AND m.id = $2`,
      [ctx.empresaId, id, PAPEL.juridico],
    );
    return rows[0];
  });
  if (!m) throw notFound(MSG.membroNaoEncontrado);
  if (m.tem_acesso) throw conflict(MSG.jaFazParteDaEquipe(PAPEL.juridico));
  if (m.convite_id) return reenviarConvite(deps, ctx, m.convite_id, meta);
  return criarConvite(deps, ctx, { nome: m.nome, email: m.email, papel: PAPEL.juridico }, meta);
}
