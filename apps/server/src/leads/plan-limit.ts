import { motivoLimiteLeads } from "@crm/domain/leads-limits";
import { MSG } from "@crm/domain/messages";
import { intervaloDoPeriodo } from "@crm/domain/period";
import { relogio } from "../core/clock.js";
import type { TTx } from "../db/tenant.js";
import { HttpError, notFound } from "../http/errors.js";

/**
 * Serializes the lead creations of one company (manual form, imports) for the rest of the transaction, so two
 * at once can neither both pass the monthly limit nor both insert the same phone.
 */
export async function travarCriacaoDeLeads(tx: TTx, empresaId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('leads:' || $1::text, 0))", [empresaId]);
}

/** Refuses (403, pt-BR, naming plan and limit) when `novos` more leads this month would pass the plan's limit. */
export async function garantirLimiteMensal(tx: TTx, empresaId: string, novos: number, agora = relogio.agora()): Promise<void> {
  const inicioMes = (intervaloDoPeriodo("thisMonth", agora) as { inicio: Date }).inicio;
  const { rows } = await tx.query(
    `SELECT e.plano_assinatura AS plano,
            (SELECT count(*)::int FROM leads_juros_check l WHERE l.id_empresa_fk = e.id AND l.created_at >= $2) AS usados
       FROM empresas e WHERE e.id = $1`,
    [empresaId, inicioMes],
  );
  if (!rows.length) throw notFound(MSG.empresaNaoEncontrada);
  const motivo = motivoLimiteLeads(rows[0].plano, rows[0].usados, novos);
  if (motivo) throw new HttpError(403, motivo, undefined, "limite_plano");
}
