import { MSG } from "@crm/domain/messages";
import { STATUS_ANALISE_MANUAL } from "@crm/domain/screening";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { conflict, notFound } from "../http/errors.js";
import { FILA_TRIAGEM } from "../jobs/queues.js";
import { idUltimaDoLead } from "./load-conversation.js";
import { agendarTriagem } from "./schedule-screening.js";

/**
 * 'Triar novamente': a lead that went to manual analysis (provider down, invalid answer, key fixed since) goes
 * back to Em Triagem IA and its conversation is screened again by the queue.
 */
export async function triarNovamente(
  deps: Pick<TDeps, "db" | "realtime" | "jobs">,
  ctx: TTenantCtx & { empresaId: string },
  leadId: string,
): Promise<void> {
  await withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      "SELECT id, status_lead FROM leads_juros_check WHERE id_empresa_fk = $1 AND id = $2 FOR UPDATE",
      [ctx.empresaId, leadId],
    );
    if (!rows[0]) throw notFound(MSG.leadNaoEncontrado);
    if (rows[0].status_lead !== STATUS_ANALISE_MANUAL) throw conflict(MSG.triarNovamenteApenasManual);
    await tx.query(
      "UPDATE leads_juros_check SET status_lead = 'Em Triagem IA', updated_at = now() WHERE id_empresa_fk = $1 AND id = $2",
      [ctx.empresaId, leadId],
    );
    await tx.query(
      `INSERT INTO lead_status_historico (id_empresa_fk, id_lead_fk, campo, valor_anterior, valor_novo, id_usuario_fk, origem, motivo)
       VALUES ($1, $2, 'status_lead', $3, 'Em Triagem IA', $4, 'usuario', 'Enviado de volta para a triagem automática')`,
      [ctx.empresaId, leadId, STATUS_ANALISE_MANUAL, ctx.usuarioId],
    );
    const mensagemId = (await idUltimaDoLead(tx, ctx.empresaId, leadId)) ?? "";
    await agendarTriagem(deps, tx, { empresaId: ctx.empresaId, leadId, mensagemId });
    await deps.realtime.publicar(tx, { empresaId: ctx.empresaId }, { tipo: "lead.atualizado", dados: { leadId } });
    await deps.realtime.publicar(
      tx,
      { empresaId: ctx.empresaId },
      { tipo: "leads.alterados", dados: { empresaId: ctx.empresaId, leadIds: [leadId] } },
    );
  });
  deps.jobs.acordar(FILA_TRIAGEM);
}
