// Redaction of the audit trail (decision 1821), in a folder of its own: features that erase people (privacy
// requests, decision 1861) call it without depending on the trail's screens and followers (no folder cycle).
import { CHAVES_PESSOAIS_AUDITORIA } from "@crm/domain/audit-trail";
import type { TTx } from "../db/tenant.js";

/** Whose personal values to erase from a company's trail: a person's (as actor), or one entity's (a lead, a document). */
export type TAlvoRedacao = { empresaId: string; usuarioId?: string; entidade?: string; entidadeId?: string };

/**
 * Erases the personal values of a company's audit events (LGPD art. 18 VI, decision 1821) without breaking the chain:
 * the IP, the personal details and their salt go; the salted commitment the hashes cover stays, so audit:verify still
 * passes and the event still says who did what, when. The intake's copies of the same values go too (chained or
 * not yet: the follower then chains the erased form). Runs in the erasure's transaction, as a system task. Returns
 * how many chained events it redacted.
 */
export async function redigirEventosAuditoria(tx: TTx, alvo: TAlvoRedacao): Promise<number> {
  if (!alvo.usuarioId && !(alvo.entidade && alvo.entidadeId))
    throw new Error("redigirEventosAuditoria: diga de quem (usuarioId) ou de quê (entidade e entidadeId).");
  const p = [alvo.empresaId, alvo.usuarioId ?? null, alvo.entidade ?? null, alvo.entidadeId ?? null];
  const de = (usuario: string, entidade: string, id: string) =>
    `(($2::uuid IS NOT NULL AND ${usuario} = $2) OR ($3::text IS NOT NULL AND ${entidade} = $3 AND ${id} = $4))`;
  const { rowCount } = await tx.query(
    `UPDATE auditoria_eventos SET ip = NULL, pessoais = NULL, sal = NULL, redigido_em = now()
      WHERE cadeia = $1 AND redigido_em IS NULL AND ${de("id_usuario_fk", "entidade", "entidade_id")}`,
    p,
  );
  await tx.query(
    `UPDATE auditoria SET ip_address = NULL, dados = dados - $5::text[]
      WHERE id_empresa_fk = $1 AND ${de("id_usuario_fk", "entidade", "entidade_id")}`,
    [...p, [...CHAVES_PESSOAIS_AUDITORIA]],
  );
  return rowCount ?? 0;
}
