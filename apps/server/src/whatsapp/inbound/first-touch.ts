import { campanhaDoReferral, ORIGEM_LEAD_ANUNCIO, plataformaDoReferral, type TReferral } from "@crm/domain/attribution";
import { autorDoRegistro, sqlRegistroDeLeads } from "../../change-log/in-statement.js";
import type { TTx } from "../../db/tenant.js";

export type TToqueAnuncio = { leadId: string; referral: TReferral; timestamp: string };

/**
 * The lead's first ad touch (decision 1212): the first message that came through a click-to-WhatsApp ad sets the ad
 * id, the click id (ctwa_clid), the ad's platform and when; the campaign only when the lead has none yet, and the
 * origin only when it was the automatic 'WhatsApp'. A lead that already has its touch is never changed: later
 * messages (which lose the ad context, or come from another ad) keep the first one. Touches come in time order;
 * the earliest of each lead wins. A known lead's touch is a `lead.alterado` log row from the webhook; a lead the batch
 * created (`novos`) gets its touch in its `lead.criado` row instead (decision 1702).
 */
export async function gravarPrimeirosToques(
  tx: TTx,
  empresaId: string,
  toques: TToqueAnuncio[],
  novos: string[] = [],
): Promise<void> {
  const primeiro = new Map<string, TToqueAnuncio>();
  for (const t of toques) if (!primeiro.has(t.leadId)) primeiro.set(t.leadId, t);
  if (!primeiro.size) return;
  const linhas = [...primeiro.values()]
    .sort((a, b) => (a.leadId < b.leadId ? -1 : 1))
    .map((t) => ({
      lead: t.leadId,
      campanha: campanhaDoReferral(t.referral),
      anuncio: t.referral.source_id?.slice(0, 200) ?? null,
      clid: t.referral.ctwa_clid?.slice(0, 500) ?? null,
      plataforma: plataformaDoReferral(t.referral),
      ts: t.timestamp,
    }));
  await tx.query(
    `WITH antes AS (
       SELECT l AS linha, x.* FROM leads_juros_check l
         JOIN jsonb_to_recordset($2::jsonb) AS x (lead uuid, campanha text, anuncio text, clid text, plataforma text, ts timestamptz)
           ON l.id = x.lead
        WHERE l.id_empresa_fk = $1 AND l.primeiro_toque_em IS NULL),
     feitos AS (
       UPDATE leads_juros_check l SET
          anuncio_id = x.anuncio, ctwa_clid = x.clid, plataforma_anuncio = x.plataforma, primeiro_toque_em = x.ts,
          campanha_origem = coalesce(l.campanha_origem, x.campanha),
          origem_lead = CASE WHEN l.origem_lead = 'WhatsApp' THEN $3 ELSE l.origem_lead END
         FROM antes x
        WHERE l.id_empresa_fk = $1 AND l.id = (x.linha).id
        RETURNING x.linha AS antes, l AS depois)
     ${sqlRegistroDeLeads(4, { onde: "NOT ((f.depois).id = ANY ($5::uuid[]))" })}`,
    [empresaId, JSON.stringify(linhas), ORIGEM_LEAD_ANUNCIO, autorDoRegistro("lead.alterado", { origem: "webhook" }), novos],
  );
}
