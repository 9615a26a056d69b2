import { STATUS_AGUARDANDO_ATRIBUICAO } from "@crm/domain/assignment";
import { STATUS_PROCESSO_JURIDICO, type TStatusLead } from "@crm/domain/status";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { FILA_ATRIBUIR_QUALIFICADOS, type TTrabalhoAtribuirQualificados } from "../jobs/queues.js";
import { enfileirarConversoesMeta } from "./conversions.js";
import { registrarHistorico, type TAutor } from "./history.js";
import { abrirProcessosJuridicos } from "./legal-process.js";
import { avisarLeadsAlterados } from "./publish.js";

/** A lead as its caller read (and locked) it: what it is now, so the history says from what. */
export type TLeadAtual = { id: string; status_lead: string | null };

/**
 * The one way a lead's status changes, whoever changes it (the chat's buttons, the board, /leads, the AI screening,
 * its human review): status_lead and updated_at, one history row per lead that really changes, and the realtime
 * events, all in the caller's transaction. A lead reaching 'Convertido (Ganho)' becomes a legal process here, whatever
 * the path (legal-process.ts). A lead reaching the waiting status ('Qualificado para Atendente') with no consultant
 * gets the automatic assignment, whatever the path (the board, /leads, the chat, the API): one job in this
 * transaction (FILA_ATRIBUIR_QUALIFICADOS, worked by assignment/), unless the caller assigns it itself right after
 * (`atribuiEmSeguida`: the screening and its review). The caller has locked the leads. Returns the ids that changed.
 */
export async function mudarStatusDosLeads(
  deps: Pick<TDeps, "realtime" | "jobs">,
  tx: TTx,
  p: { empresaId: string; leads: TLeadAtual[]; para: TStatusLead; autor: TAutor; atribuiEmSeguida?: boolean },
): Promise<string[]> {
  const mudam = p.leads.filter((l) => l.status_lead !== p.para);
  if (!mudam.length) return [];
  const ids = mudam.map((l) => l.id);
  const { rows } = await tx.query<{ id: string; sem_consultor: boolean }>(
    `UPDATE leads_juros_check SET status_lead = $3, updated_at = now() WHERE id_empresa_fk = $1 AND id = ANY ($2::uuid[])
     RETURNING id, consultor_atribuido_id IS NULL AS sem_consultor`,
    [p.empresaId, ids, p.para],
  );
  await registrarHistorico(tx, {
    empresaId: p.empresaId,
    campo: "status_lead",
    autor: p.autor,
    mudancas: mudam.map((l) => ({ leadId: l.id, de: l.status_lead, para: p.para })),
  });
  if (p.para === STATUS_PROCESSO_JURIDICO) {
    await abrirProcessosJuridicos(deps, tx, { empresaId: p.empresaId, leadIds: ids, autor: p.autor });
  }
  const aguardam = rows.filter((r) => r.sem_consultor).map((r) => r.id);
  if (!p.atribuiEmSeguida && aguardam.length && (STATUS_AGUARDANDO_ATRIBUICAO as readonly string[]).includes(p.para))
    await deps.jobs.enviar<TTrabalhoAtribuirQualificados>(
      FILA_ATRIBUIR_QUALIFICADOS,
      { empresaId: p.empresaId, leadIds: aguardam },
      { tx },
    );
  await enfileirarConversoesMeta(deps, tx, { empresaId: p.empresaId, leadIds: ids, para: p.para });
  await avisarLeadsAlterados(deps, tx, p.empresaId, ids);
  return ids;
}
