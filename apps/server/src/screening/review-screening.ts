import { MSG } from "@crm/domain/messages";
import type { TRevisarTriagem } from "@crm/domain/schemas/screening";
import { STATUS_REVISAVEIS } from "@crm/domain/screening";
import { atribuirAutomaticamente } from "../assignment/assign-lead.js";
import { registrarAuditoria } from "../auth/audit.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { conflict, notFound } from "../http/errors.js";
import { mudarStatusDosLeads } from "../lead-events/status.js";

const STATUS_DA_REVISAO = { qualificado: "Qualificado para Atendente", rejeitado: "Perdido" } as const;

/**
 * A person reviews an automated decision (LGPD art. 20): who, the new decision and why are kept on the
 * screening and in the audit log; the lead moves as if the screener had decided so (qualified → assigned
 * automatically when unassigned; rejected → Perdido, no message: the person may write to the lead themselves).
 * Only the lead's newest screening, and only while the lead is still where screening left it.
 */
export async function revisarTriagem(
  deps: Pick<TDeps, "db" | "realtime" | "jobs">,
  ctx: TTenantCtx & { empresaId: string },
  triagemId: string,
  r: TRevisarTriagem,
  ip: string | null,
): Promise<void> {
  await withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT t.id, t.id_lead_fk, t.decisao,
              t.id = (SELECT t2.id FROM triagens_ia t2 WHERE t2.id_empresa_fk = t.id_empresa_fk AND t2.id_lead_fk = t.id_lead_fk
                       ORDER BY t2.created_at DESC, t2.id DESC LIMIT 1) AS ultima
         FROM triagens_ia t WHERE t.id_empresa_fk = $1 AND t.id = $2`,
      [ctx.empresaId, triagemId],
    );
    const t = rows[0];
    if (!t) throw notFound(MSG.triagemNaoEncontrada);
    if (!t.ultima) throw conflict(MSG.revisaoApenasUltima);
    const { rows: leads } = await tx.query(
      "SELECT id, status_lead FROM leads_juros_check WHERE id_empresa_fk = $1 AND id = $2 FOR UPDATE",
      [ctx.empresaId, t.id_lead_fk],
    );
    const lead = leads[0];
    if (!(STATUS_REVISAVEIS as readonly string[]).includes(lead.status_lead))
      throw conflict(MSG.leadForaDaTriagem(lead.status_lead));

    await tx.query(
      `UPDATE triagens_ia SET revisado_por_fk = $3, revisao_decisao = $4, revisao_motivo = $5, revisado_em = now()
        WHERE id_empresa_fk = $1 AND id = $2`,
      [ctx.empresaId, t.id, ctx.usuarioId, r.decisao, r.motivo],
    );
    const motivo = `Revisão humana da triagem automática: ${r.motivo}`;
    const novo = STATUS_DA_REVISAO[r.decisao];
    await mudarStatusDosLeads(deps, tx, {
      empresaId: ctx.empresaId,
      leads: [lead],
      para: novo,
      autor: { usuarioId: ctx.usuarioId, origem: "usuario", motivo },
      // a qualified lead is assigned below, in this transaction
      atribuiEmSeguida: true,
    });
    if (r.decisao === "qualificado")
      await atribuirAutomaticamente(deps, tx, {
        empresaId: ctx.empresaId,
        leadId: lead.id,
        autor: { usuarioId: ctx.usuarioId, origem: "usuario", motivo },
      });
    await registrarAuditoria(tx, {
      empresaId: ctx.empresaId,
      usuarioId: ctx.usuarioId,
      acao: "triagem.revisada",
      entidade: "triagens_ia",
      entidadeId: t.id,
      dados: { leadId: lead.id, decisaoAutomatica: t.decisao, decisao: r.decisao, motivo: r.motivo },
      ip,
    });
    await deps.realtime.publicar(
      tx,
      { empresaId: ctx.empresaId },
      { tipo: "triagem.atualizada", dados: { leadId: lead.id, triagemId: t.id } },
    );
    await deps.realtime.publicar(tx, { empresaId: ctx.empresaId }, { tipo: "lead.atualizado", dados: { leadId: lead.id } });
    await deps.realtime.publicar(
      tx,
      { empresaId: ctx.empresaId },
      { tipo: "leads.alterados", dados: { empresaId: ctx.empresaId, leadIds: [lead.id] } },
    );
  });
}
