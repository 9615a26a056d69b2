import { ACAO_AGENDAR_RETORNO, MSG_TAREFAS } from "@crm/domain/follow-ups";
import { pode } from "@crm/domain/permissions";
import type { TNovoRetorno } from "@crm/domain/schemas/follow-ups";
import type { TStatusLead } from "@crm/domain/status";
import { ACOES_STATUS_CHAT, STATUS_EM_ATENDIMENTO, STATUS_ESPERANDO_ATENDENTE } from "@crm/domain/whatsapp";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { criarTarefa } from "../follow-ups/tasks.js";
import { badRequest } from "../http/errors.js";
import type { TAutor } from "../lead-events/history.js";
import { mudarStatusDosLeads } from "../lead-events/status.js";
import { acessarLead, type TLeadAcessivel } from "./access.js";

/** Sets a lead's status and records the change in lead_status_historico (who, from what, why), in the caller's transaction. */
export async function mudarStatusLead(
  deps: Pick<TDeps, "realtime" | "jobs">,
  tx: TTx,
  lead: TLeadAcessivel,
  novo: TStatusLead,
  quem: { usuarioId: string | null; motivo: string; origem?: TAutor["origem"]; chaveApiId?: string | null },
): Promise<boolean> {
  const mudou = await mudarStatusDosLeads(deps, tx, {
    empresaId: lead.empresaId,
    leads: [lead],
    para: novo,
    autor: { origem: "usuario", ...quem },
  });
  if (!mudou.length) return false;
  lead.status_lead = novo;
  return true;
}

/** Sending the first message or file while the lead waits for a consultant starts the service (001 'Lead chat'). */
export function iniciarAtendimentoSePreciso(
  deps: Pick<TDeps, "realtime" | "jobs">,
  tx: TTx,
  lead: TLeadAcessivel,
  autor: Omit<TAutor, "motivo">,
) {
  if (lead.status_lead !== STATUS_ESPERANDO_ATENDENTE) return Promise.resolve(false);
  return mudarStatusLead(deps, tx, lead, STATUS_EM_ATENDIMENTO, { ...autor, motivo: "Primeira mensagem enviada pelo chat" });
}

/**
 * The side panel's status buttons: Interessado, Não Interessado, Agendar Retorno, Lead Qualificado. 'Agendar
 * Retorno' also creates the follow-up task owned by the person (decision 1831), in the same transaction: no status
 * without its reminder, no reminder without its status.
 */
export async function aplicarAcaoStatus(
  deps: TDeps,
  ctx: TTenantCtx,
  leadId: string,
  acao: string,
  retorno?: TNovoRetorno,
): Promise<{ status_lead: TStatusLead }> {
  const a = ACOES_STATUS_CHAT.find((x) => x.acao === acao) as (typeof ACOES_STATUS_CHAT)[number];
  // roles without follow-ups (the Jurídico, the platform admin) keep the plain status change
  const comTarefa = a.acao === ACAO_AGENDAR_RETORNO && pode(ctx.papel, "tarefas.usar");
  if (comTarefa && !retorno) throw badRequest(MSG_TAREFAS.retornoObrigatorio);
  return withTenant(deps.db.app, ctx, async (tx) => {
    const lead = await acessarLead(tx, ctx, leadId, { travar: true });
    await mudarStatusLead(deps, tx, lead, a.status, { usuarioId: ctx.usuarioId, motivo: `Chat: ${a.rotulo}` });
    if (comTarefa && retorno) await criarTarefa(tx, lead.empresaId, lead.id, ctx, retorno);
    return { status_lead: lead.status_lead };
  });
}
