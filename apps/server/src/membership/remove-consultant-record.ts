import type { TTx } from "../db/tenant.js";
import { desatribuirLeads } from "../lead-events/assignment.js";

/**
 * Takes a consultant out of the team: their leads become unassigned (each change recorded) and the consultores
 * row goes. Used when an admin deletes them and when an invitation gives their account another role.
 */
export async function removerRegistroConsultor(
  tx: TTx,
  p: { empresaId: string; consultorId: string; atorId: string | null; motivo: string },
): Promise<number> {
  const leads = await desatribuirLeads(tx, {
    empresaId: p.empresaId,
    campo: "consultor_atribuido_id",
    valor: p.consultorId,
    atorId: p.atorId,
    motivo: p.motivo,
  });
  await tx.query("DELETE FROM consultores WHERE id_empresa_fk = $1 AND id = $2", [p.empresaId, p.consultorId]);
  return leads;
}
