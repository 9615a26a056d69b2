import { STATUS_AGUARDANDO_ATRIBUICAO, type TExpediente } from "@crm/domain/assignment";
import type { TTx } from "../db/tenant.js";

/**
 * The WHERE of the queue over `leads_juros_check l`, company in $1. The statuses are written out (they are the
 * domain's constants), so PostgreSQL matches migration 0028's partial index.
 */
export const AGUARDANDO = `l.id_empresa_fk = $1 AND l.consultor_atribuido_id IS NULL AND l.status_lead IN (${STATUS_AGUARDANDO_ATRIBUICAO.map(
  (s) => `'${s.replace(/'/g, "''")}'`,
).join(", ")})`;

export async function contarAguardando(tx: TTx, empresaId: string, exceto?: string): Promise<number> {
  const { rows } = await tx.query(
    `SELECT count(*)::int AS n FROM leads_juros_check l WHERE ${AGUARDANDO}${exceto ? " AND l.id <> $2" : ""}`,
    exceto ? [empresaId, exceto] : [empresaId],
  );
  return rows[0].n;
}

/**
 * The company's rule for offline consultants: null when it is off, else its business hours.
 */
export async function lerExpediente(tx: TTx, empresaId: string): Promise<TExpediente | null> {
  const { rows } = await tx.query(
    `SELECT atribuir_offline_expediente AS ativo, expediente_dias AS dias,
            to_char(expediente_inicio, 'HH24:MI') AS inicio, to_char(expediente_fim, 'HH24:MI') AS fim
       FROM empresas WHERE id = $1`,
    [empresaId],
  );
  const r = rows[0];
  return r?.ativo ? { dias: r.dias, inicio: r.inicio, fim: r.fim } : null;
}
