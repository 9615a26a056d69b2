import type { TStatusConexao } from "@crm/domain/status";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";

/**
 * The one way a consultant's presence changes (Conectado / Desconectado / Ocupado): the row and a live
 * `consultor.status` event to the company, so /consultores updates in place. Presence tracking (who is online)
 * calls this from its own transaction; returns false when the consultant is not in the company.
 */
export async function alterarStatusConexao(
  deps: Pick<TDeps, "realtime">,
  tx: TTx,
  p: { empresaId: string; consultorId: string; status: TStatusConexao },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE consultores SET status_conexao = $3, ultima_atividade_em = now(), updated_at = now()
      WHERE id_empresa_fk = $1 AND id = $2 AND status_conexao IS DISTINCT FROM $3`,
    [p.empresaId, p.consultorId, p.status],
  );
  if (!rowCount) {
    const existe = await tx.query("SELECT 1 FROM consultores WHERE id_empresa_fk = $1 AND id = $2", [p.empresaId, p.consultorId]);
    return !!existe.rowCount;
  }
  await deps.realtime.publicar(
    tx,
    { empresaId: p.empresaId },
    { tipo: "consultor.status", dados: { consultorId: p.consultorId, status_conexao: p.status } },
  );
  return true;
}
