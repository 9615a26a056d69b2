import { MSG } from "@crm/domain/messages";
import type { TPerfil } from "@crm/domain/schemas/profile";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { unauthorized } from "../http/errors.js";

/** /perfil basic info, and the new email still waiting for its confirmation link (if one was asked for). */
export async function lerPerfil(deps: Pick<TDeps, "db">, ctx: TTenantCtx): Promise<TPerfil> {
  const r = await withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT u.id, u.nome, u.email, u.telefone, u.papel, u.created_at, e.nome_empresa AS empresa,
              (SELECT t.dados ->> 'novoEmail' FROM auth_tokens t
                WHERE t.id_usuario_fk = u.id AND t.tipo = 'troca_email' AND t.used_at IS NULL AND t.expires_at > now()
                ORDER BY t.created_at DESC LIMIT 1) AS email_pendente
         FROM usuarios_plataforma u LEFT JOIN empresas e ON e.id = u.id_empresa_fk
        WHERE u.id = $1`,
      [ctx.usuarioId],
    );
    return rows[0];
  });
  if (!r) throw unauthorized(MSG.sessaoInvalida);
  return {
    id: r.id,
    nome: r.nome,
    email: r.email,
    telefone: r.telefone,
    papel: r.papel,
    empresa: r.empresa ?? null,
    emailPendente: r.email_pendente ?? null,
    created_at: new Date(r.created_at).toISOString(),
  };
}
