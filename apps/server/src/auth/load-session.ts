import { MSG } from "@crm/domain/messages";
import type { TSessao } from "@crm/domain/schemas/session";
import type { TDeps } from "../core/deps.js";
import { withTenant } from "../db/tenant.js";
import type { TAuth } from "../http/auth-context.js";
import { unauthorized } from "../http/errors.js";

/** Columns montarSessao reads; callers join usuarios_plataforma u with empresas e. */
export const COLUNAS_SESSAO = "u.id, u.email, u.nome, u.papel, e.id AS empresa_id, e.nome_empresa, e.plano_assinatura";

type TLinhaSessao = {
  id: string;
  email: string;
  nome: string;
  papel: TSessao["usuario"]["papel"];
  empresa_id: string | null;
  nome_empresa: string | null;
  plano_assinatura: NonNullable<TSessao["empresa"]>["plano_assinatura"] | null;
};

export function montarSessao(r: TLinhaSessao): TSessao {
  return {
    usuario: { id: r.id, email: r.email, nome: r.nome, papel: r.papel },
    empresa:
      r.empresa_id && r.nome_empresa && r.plano_assinatura
        ? { id: r.empresa_id, nome_empresa: r.nome_empresa, plano_assinatura: r.plano_assinatura }
        : null,
  };
}

/** GET /api/auth/sessao: the signed-in person as the SPA needs it, read fresh from the database. */
export async function loadSession(deps: TDeps, auth: TAuth): Promise<TSessao> {
  const linha = await withTenant(deps.db.app, auth, async (tx) => {
    const { rows } = await tx.query(
      `SELECT ${COLUNAS_SESSAO} FROM usuarios_plataforma u LEFT JOIN empresas e ON e.id = u.id_empresa_fk WHERE u.id = $1`,
      [auth.usuarioId],
    );
    return rows[0] as TLinhaSessao | undefined;
  });
  // the session was valid a moment ago (onRequest); a user deleted since then is signed out
  if (!linha) throw unauthorized(MSG.sessaoInvalida);
  return montarSessao(linha);
}
