import { MSG } from "@crm/domain/messages";
import { motivoSemRecurso, motivoSemVaga, type TRecursoDoPlano, type TUsoPlano } from "@crm/domain/plan-limits";
import type { TPlano } from "@crm/domain/plans";
import { PAPEL } from "@crm/domain/roles";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { HttpError, notFound } from "../http/errors.js";

/**
 * What counts against the plan (001 §9): consultores rows and active company admins, plus the pending
 * invitations still valid for each (so ten invites cannot be sent on a three-consultant plan). The invitation
 * of `excluirEmail` is left out: it is the one being replaced or accepted.
 */
export async function contarUsoPlano(tx: TTx, empresaId: string, excluirEmail: string | null = null): Promise<TUsoPlano> {
  const { rows } = await tx.query(
    `SELECT
       (SELECT count(*)::int FROM consultores WHERE id_empresa_fk = $1)
     + (SELECT count(*)::int FROM convites WHERE id_empresa_fk = $1 AND papel = $3 AND used_at IS NULL
          AND expires_at > now() AND email IS DISTINCT FROM $2) AS consultores,
       (SELECT count(*)::int FROM usuarios_plataforma WHERE id_empresa_fk = $1 AND papel = $4 AND ativo)
     + (SELECT count(*)::int FROM convites WHERE id_empresa_fk = $1 AND papel = $4 AND used_at IS NULL
          AND expires_at > now() AND email IS DISTINCT FROM $2) AS administradores`,
    [empresaId, excluirEmail, PAPEL.consultor, PAPEL.admin],
  );
  return { consultores: rows[0].consultores, administradores: rows[0].administradores };
}

/** Refuses (409, pt-BR) one more consultant or admin beyond the plan's maximum (001 §9). */
export async function exigirVagaNoPlano(
  tx: TTx,
  empresa: { id: string; plano: TPlano },
  papel: string,
  excluirEmail: string | null,
): Promise<void> {
  // two invitations sent at once must not both take the last place: serialize per company until commit
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('equipe:' || $1, 0))", [empresa.id]);
  const motivo = motivoSemVaga(empresa.plano, papel, await contarUsoPlano(tx, empresa.id, excluirEmail));
  if (motivo) throw new HttpError(409, motivo, undefined, "limite_plano");
}

/**
 * Refuses (403, code 'limite_plano': the browser adds 'Ver planos' → /planos) a feature the company's plan does not
 * include (PLANO_INFO's flags, the table /planos shows; decision 1310). A company on trial has its plan's features.
 */
export async function exigirRecursoDoPlano(tx: TTx, empresaId: string, recurso: TRecursoDoPlano): Promise<void> {
  const { rows } = await tx.query("SELECT plano_assinatura FROM empresas WHERE id = $1", [empresaId]);
  if (!rows.length) throw notFound(MSG.empresaNaoEncontrada);
  const motivo = motivoSemRecurso(rows[0].plano_assinatura as TPlano, recurso);
  if (motivo) throw new HttpError(403, motivo, undefined, "limite_plano");
}

/** The same check in its own transaction, for a route whose work reads elsewhere (an export). */
export function exigirRecursoDaEmpresa(deps: Pick<TDeps, "db">, ctx: TTenantCtx, recurso: TRecursoDoPlano): Promise<void> {
  if (!ctx.empresaId) throw notFound(MSG.empresaNaoEncontrada);
  const empresaId = ctx.empresaId;
  return withTenant(deps.db.app, ctx, (tx) => exigirRecursoDoPlano(tx, empresaId, recurso));
}
