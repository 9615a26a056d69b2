import { STATUS_AGUARDANDO_ATRIBUICAO } from "@crm/domain/assignment";
import { MSG_TRANSFERENCIA, STATUS_REABREM_NA_CARTEIRA } from "@crm/domain/transfer";
import type { TDeps } from "../core/deps.js";
import { withCompanyJob } from "../db/tenant.js";
import { gravarAtribuicoes } from "../lead-events/assignment.js";
import { mudarStatusDosLeads } from "../lead-events/status.js";

const AUTOR = { usuarioId: null, origem: "sistema" as const, motivo: MSG_TRANSFERENCIA.motivoCarteira };

/**
 * 'Carteira' (decision 1837): each lost lead that wrote again goes back to the waiting status, in a transaction of its
 * own. Its own consultant — the one it has, else the last one its history gave it (a lead given back to the queue, or
 * whose consultant was switched off, has none now) — gets it again when still active in the company, whatever the
 * cap (the lead is theirs; the cap spreads new work). Otherwise it has no consultant and the waiting status's
 * automatic assignment decides (lead-events enqueues it). A lead no longer lost is skipped: a retried job reopens
 * nothing twice. Returns the leads that went back to their own consultant.
 */
export async function reabrirCarteira(
  deps: Pick<TDeps, "db" | "realtime" | "jobs">,
  empresaId: string,
  leadIds: string[],
): Promise<string[]> {
  const devolvidos: string[] = [];
  for (const leadId of leadIds) {
    await withCompanyJob(deps.db.app, empresaId, "carteira", async (tx) => {
      const { rows } = await tx.query(
        `SELECT l.id, l.nome, l.status_lead, l.consultor_atribuido_id,
                (SELECT c.id FROM consultores c JOIN usuarios_plataforma u ON u.id = c.id_usuario_fk AND u.ativo
                  WHERE c.id_empresa_fk = l.id_empresa_fk
                    AND c.id = coalesce(l.consultor_atribuido_id,
                          (SELECT h.valor_novo::uuid FROM lead_status_historico h
                            WHERE h.id_empresa_fk = l.id_empresa_fk AND h.id_lead_fk = l.id
                              AND h.campo = 'consultor_atribuido_id' AND h.valor_novo IS NOT NULL
                            ORDER BY h.created_at DESC, h.id DESC LIMIT 1))) AS proprio
           FROM leads_juros_check l
          WHERE l.id_empresa_fk = $1 AND l.id = $2 AND l.status_lead = ANY ($3::text[])
            FOR UPDATE OF l`,
        [empresaId, leadId, STATUS_REABREM_NA_CARTEIRA],
      );
      const lead = rows[0];
      if (!lead) return;
      const proprio = lead.proprio as string | null;
      // an inactive consultant still on the lead lets it go first: the assignment rules then see a lead nobody has
      if (lead.consultor_atribuido_id !== proprio)
        await gravarAtribuicoes(deps, tx, {
          empresaId,
          leads: [lead],
          consultor: proprio ? { id: proprio } : null,
          autor: AUTOR,
        });
      await mudarStatusDosLeads(deps, tx, {
        empresaId,
        leads: [lead],
        para: STATUS_AGUARDANDO_ATRIBUICAO[0],
        autor: AUTOR,
      });
      if (proprio) devolvidos.push(lead.id);
    });
  }
  return devolvidos;
}
