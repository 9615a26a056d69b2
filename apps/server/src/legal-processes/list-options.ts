import { PAPEL } from "@crm/domain/roles";
import type { TOpcaoConsultorProcesso, TOpcaoProfissional } from "@crm/domain/schemas/processes";
import type { TDeps } from "../core/deps.js";
import { nomeDoUsuarioSql } from "../db/person-name.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";

/**
 * Who a process can be assigned to: the company's active Jurídico users and the legal team's active members who
 * have an account (the column is a user: a member without one is invited from /juridico-equipe first, decision 1101).
 */
export async function opcoesProfissionais(tx: TTx, empresaId: string): Promise<TOpcaoProfissional[]> {
  const { rows } = await tx.query(
    `SELECT u.id, ${nomeDoUsuarioSql("u")} AS nome, u.email
       FROM usuarios_plataforma u
      WHERE u.id_empresa_fk = $1 AND u.ativo
        AND (u.papel = $2 OR EXISTS (SELECT 1 FROM profissionais_juridicos m
              WHERE m.id_empresa_fk = $1 AND m.id_usuario_fk = u.id AND m.status = 'ativo'))
      ORDER BY lower(${nomeDoUsuarioSql("u")}), u.id`,
    [empresaId, PAPEL.juridico],
  );
  return rows;
}

export function listarProfissionais(deps: Pick<TDeps, "db">, ctx: TTenantCtx & { empresaId: string }) {
  return withTenant(deps.db.app, ctx, (tx) => opcoesProfissionais(tx, ctx.empresaId));
}

/** The consultants of the company, for the consultant filter. */
export function listarConsultoresProcessos(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx & { empresaId: string },
): Promise<TOpcaoConsultorProcesso[]> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query("SELECT id, nome FROM consultores WHERE id_empresa_fk = $1 ORDER BY lower(nome), id", [
      ctx.empresaId,
    ]);
    return rows;
  });
}
