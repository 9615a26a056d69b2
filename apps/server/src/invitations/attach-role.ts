import { PAPEL, type TPapel } from "@crm/domain/roles";
import type { TPapelConvite } from "@crm/domain/schemas/team";
import type { TTx } from "../db/tenant.js";
import { removerRegistroConsultor } from "../membership/remove-consultant-record.js";
import { desvincularUsuarioJuridico } from "../membership/unlink-legal-user.js";

export type TVinculo = {
  empresaId: string;
  usuarioId: string;
  papel: TPapelConvite;
  /** the account's role before, when it already existed: what it leaves behind is undone */
  papelAnterior: TPapel | null;
  nome: string;
  email: string;
  whatsapp: string | null;
};

/**
 * Gives an account of the company what its invited role needs (001 §7 consultant and user inserts):
 * a Consultor gets a consultores row (Desconectado, 001 §9) or the existing one of its email; a Jurídico is linked
 * to its legal team member row. A role the account leaves is undone (consultant record removed, legal link cut).
 */
export async function vincularPapel(tx: TTx, v: TVinculo): Promise<void> {
  const motivo = `Papel alterado para ${v.papel} por convite`;
  if (v.papelAnterior === PAPEL.consultor && v.papel !== PAPEL.consultor) {
    const { rows } = await tx.query("SELECT id FROM consultores WHERE id_empresa_fk = $1 AND id_usuario_fk = $2", [
      v.empresaId,
      v.usuarioId,
    ]);
    for (const r of rows) {
      await removerRegistroConsultor(tx, { empresaId: v.empresaId, consultorId: r.id, atorId: v.usuarioId, motivo });
    }
  }
  if (v.papelAnterior === PAPEL.juridico && v.papel !== PAPEL.juridico) {
    await desvincularUsuarioJuridico(tx, { empresaId: v.empresaId, usuarioId: v.usuarioId, atorId: v.usuarioId, motivo });
  }
  if (v.papel === PAPEL.consultor) {
    await tx.query(
      `INSERT INTO consultores (id_empresa_fk, id_usuario_fk, nome, email, whatsapp, status_conexao)
       VALUES ($1, $2, $3, $4, $5, 'Desconectado')
       ON CONFLICT (id_empresa_fk, email) DO UPDATE
         SET id_usuario_fk = EXCLUDED.id_usuario_fk, nome = EXCLUDED.nome,
             whatsapp = coalesce(EXCLUDED.whatsapp, consultores.whatsapp), updated_at = now()`,
      [v.empresaId, v.usuarioId, v.nome, v.email, v.whatsapp],
    );
  }
  if (v.papel === PAPEL.juridico) {
    await tx.query(
      `UPDATE profissionais_juridicos SET id_usuario_fk = $3, status = 'ativo', updated_at = now()
        WHERE id_empresa_fk = $1 AND email = $2`,
      [v.empresaId, v.email, v.usuarioId],
    );
  }
}
