import type { TTx } from "../db/tenant.js";
import { desatribuirLeads } from "../lead-events/assignment.js";

/** A Jurídico account leaves the legal team: its legal leads become unassigned and its member row forgets it. */
export async function desvincularUsuarioJuridico(
  tx: TTx,
  p: { empresaId: string; usuarioId: string; atorId: string | null; motivo: string },
): Promise<void> {
  await desatribuirLeads(tx, {
    empresaId: p.empresaId,
    campo: "profissional_juridico_atribuido_id",
    valor: p.usuarioId,
    atorId: p.atorId,
    motivo: p.motivo,
  });
  await tx.query(
    "UPDATE profissionais_juridicos SET id_usuario_fk = NULL, updated_at = now() WHERE id_empresa_fk = $1 AND id_usuario_fk = $2",
    [p.empresaId, p.usuarioId],
  );
}
