import { PAPEL } from "@crm/domain/roles";
import type { TTx } from "../db/tenant.js";
import type { TDeps } from "../deps.js";

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

export type TMudanca = { leadId: string; de: string | null; para: string | null };

/** One lead_status_historico row per change: who, when, from → to (000 §4). */
export async function registrarHistorico(
  tx: TTx,
  p: { empresaId: string; campo: "status_lead" | "consultor_atribuido_id"; usuarioId: string; mudancas: TMudanca[] },
): Promise<void> {
  if (!p.mudancas.length) return;
  await tx.query(
    `INSERT INTO lead_status_historico (id_empresa_fk, id_lead_fk, campo, valor_anterior, valor_novo, id_usuario_fk, origem)
     SELECT $1, m.lead, $2, m.de, m.para, $6, 'usuario' FROM unnest($3::uuid[], $4::text[], $5::text[]) AS m (lead, de, para)`,
    [
      p.empresaId,
      p.campo,
      p.mudancas.map((m) => m.leadId),
      p.mudancas.map((m) => m.de),
      p.mudancas.map((m) => m.para),
      p.usuarioId,
    ],
  );
}
