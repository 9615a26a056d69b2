import { eventosCapiDoStatus } from "@crm/domain/attribution";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { FILA_CONVERSOES_META, type TTrabalhoConversaoMeta } from "../jobs/queues.js";

/**
 * The two moments Meta's Conversions API hears about (decision 1214): a lead that came from a click-to-WhatsApp ad
 * (it has a ctwa_clid) is qualified, or converted. When the company has the API on, one event per lead and moment
 * is recorded (unique: never twice) and its sending job enqueued, both in the status change's transaction; the
 * sending (attribution/send-conversion.ts) reads the closed value then. Nothing at all when the setting is off.
 */
export async function enfileirarConversoesMeta(
  deps: Pick<TDeps, "jobs">,
  tx: TTx,
  p: { empresaId: string; leadIds: string[]; para: string },
): Promise<void> {
  const eventos = eventosCapiDoStatus(p.para);
  if (!eventos.length || !p.leadIds.length) return;
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO conversoes_meta_eventos (id_empresa_fk, id_lead_fk, evento)
     SELECT l.id_empresa_fk, l.id, e.evento
       FROM conversoes_meta_config c
       JOIN leads_juros_check l ON l.id_empresa_fk = c.id_empresa_fk
      CROSS JOIN unnest($3::text[]) AS e (evento)
      WHERE c.id_empresa_fk = $1 AND c.ativo AND l.id = ANY ($2::uuid[]) AND l.ctwa_clid IS NOT NULL
     ON CONFLICT (id_empresa_fk, id_lead_fk, evento) DO NOTHING
     RETURNING id`,
    [p.empresaId, p.leadIds, eventos],
  );
  if (!rows.length) return;
  await deps.jobs.enviarVarios<TTrabalhoConversaoMeta>(
    FILA_CONVERSOES_META,
    rows.map((r) => ({ empresaId: p.empresaId, eventoId: r.id })),
    { tx },
  );
}
