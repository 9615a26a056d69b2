import { MSG } from "@crm/domain/messages";
import { STATUS_ANALISE_MANUAL } from "@crm/domain/screening";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { conflict, notFound } from "../http/errors.js";
import { FILA_TRIAGEM } from "../jobs/queues.js";
import { mudarStatusDosLeads } from "../lead-events/status.js";
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
    await mudarStatusDosLeads(deps, tx, {
      empresaId: ctx.empresaId,
      leads: [{ id: leadId, status_lead: STATUS_ANALISE_MANUAL }],
      para: "Em Triagem IA",
      autor: { usuarioId: ctx.usuarioId, origem: "usuario", motivo: "Enviado de volta para a triagem automática" },
    });
    const mensagemId = (await idUltimaDoLead(tx, ctx.empresaId, leadId)) ?? "";
    await agendarTriagem(deps, tx, { empresaId: ctx.empresaId, leadId, mensagemId });
  });
  deps.jobs.acordar(FILA_TRIAGEM);
}
