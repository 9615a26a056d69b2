import { STATUS_AGUARDANDO_ATRIBUICAO } from "@crm/domain/assignment";
import type { THorario } from "@crm/domain/business-hours";
import { lerHorario } from "../business-hours/read-hours.js";
import type { TTx } from "../db/tenant.js";

/**
 * The WHERE of the queue over `leads_juros_check l`, company in $1. The statuses are written out (they are the
 * domain's constants), so PostgreSQL matches migration 0028's partial index.
 */
export const AGUARDANDO = aguardandoDa("$1");

/** The same WHERE with the company given by an SQL expression (`e.id` in a sweep over companies). */
export function aguardandoDa(empresa: string): string {
  return `l.id_empresa_fk = ${empresa} AND l.consultor_atribuido_id IS NULL AND l.status_lead IN (${STATUS_AGUARDANDO_ATRIBUICAO.map(
    (s) => `'${s.replace(/'/g, "''")}'`,
  ).join(", ")})`;
}

/** When the lead `x` entered the queue: its last status change (its history), else its creation. */
export const ENTRADA_NA_FILA = (x: string) =>
  `coalesce((SELECT max(h.created_at) FROM lead_status_historico h
              WHERE h.id_empresa_fk = ${x}.id_empresa_fk AND h.id_lead_fk = ${x}.id AND h.campo = 'status_lead'),
            ${x}.created_at)`;

export async function contarAguardando(tx: TTx, empresaId: string, exceto?: string): Promise<number> {
  const { rows } = await tx.query(
    `SELECT count(*)::int AS n FROM leads_juros_check l WHERE ${AGUARDANDO}${exceto ? " AND l.id <> $2" : ""}`,
    exceto ? [empresaId, exceto] : [empresaId],
  );
  return rows[0].n;
}

/**
 * Whether another lead of the company waits since before `leadId` entered the queue, leaving out the leads that
 * entered with it (`lote`: one status change of many leads). The admins are told once per waiting episode: by the
 * lead that finds nobody when no lead waits since before it. Called under the company's assignment lock.
 */
export async function alguemEsperaDesdeAntes(tx: TTx, empresaId: string, leadId: string, lote: string[]): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT EXISTS (
       SELECT 1 FROM leads_juros_check l, leads_juros_check e
        WHERE ${AGUARDANDO} AND NOT (l.id = ANY ($3::uuid[])) AND e.id_empresa_fk = $1 AND e.id = $2
          AND ${ENTRADA_NA_FILA("l")} < ${ENTRADA_NA_FILA("e")}) AS existe`,
    [empresaId, leadId, [leadId, ...lote]],
  );
  return rows[0].existe;
}

/**
 * The company's rule for offline consultants: null when it is off, else its business hours (decision 1881).
 */
export async function lerExpediente(tx: TTx, empresaId: string): Promise<THorario | null> {
  const { rows } = await tx.query("SELECT atribuir_offline_expediente AS ativo FROM empresas WHERE id = $1", [empresaId]);
  return rows[0]?.ativo ? lerHorario(tx, empresaId) : null;
}

/** The company's cap of open conversations per consultant for the automatic assignment (decision 1837); null: none. */
export async function lerLimiteConversas(tx: TTx, empresaId: string): Promise<number | null> {
  const { rows } = await tx.query("SELECT limite_conversas_abertas AS n FROM empresas WHERE id = $1", [empresaId]);
  return rows[0]?.n ?? null;
}
