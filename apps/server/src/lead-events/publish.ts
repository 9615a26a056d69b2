import { PAPEL } from "@crm/domain/roles";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";

/** Ids travel in the event only while they keep the NOTIFY small; beyond that clients simply refetch. */
const MAX_IDS_EVENTO = 50;

/**
 * Tells every open screen of the company (and platform admins looking at it) that leads changed; delivered on
 * commit. A single lead also gets `lead.atualizado`, which the chat listens to.
 */
export async function avisarLeadsAlterados(deps: Pick<TDeps, "realtime">, tx: TTx, empresaId: string, leadIds?: string[]) {
  const dados = { empresaId, ...(leadIds && leadIds.length <= MAX_IDS_EVENTO ? { leadIds } : {}) };
  await deps.realtime.publicar(tx, { empresaId }, { tipo: "leads.alterados", dados });
  await deps.realtime.publicar(tx, { empresaId: null, papeis: [PAPEL.plataforma] }, { tipo: "leads.alterados", dados });
  if (leadIds?.length === 1) {
    await deps.realtime.publicar(tx, { empresaId }, { tipo: "lead.atualizado", dados: { leadId: leadIds[0] } });
  }
}
