import { motivoSemVaga, type TUsoPlano } from "@crm/domain/plan-limits";
import type { TPlano } from "@crm/domain/plans";
import { PAPEL } from "@crm/domain/roles";
import type { TTx } from "../db/tenant.js";
import { HttpError } from "../http/errors.js";

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
