import { STATUS_AGUARDANDO_ATRIBUICAO } from "@crm/domain/assignment";
import { STATUS_JURIDICO_INICIAL, STATUS_PROCESSO_JURIDICO, type TStatusLead } from "@crm/domain/status";
import { guardaEtiquetasNoStatus } from "@crm/domain/tags";
import { autorDoRegistro, sqlRegistroDeLeads } from "../change-log/in-statement.js";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { FILA_ATRIBUIR_QUALIFICADOS, type TTrabalhoAtribuirQualificados } from "../jobs/queues.js";
import { enfileirarConversoesMeta } from "./conversions.js";
import { registrarHistorico, type TAutor } from "./history.js";
import { abrirProcessosJuridicos } from "./legal-process.js";

/** A lead as its caller read (and locked) it: what it is now, so the history says from what. */
export type TLeadAtual = { id: string; status_lead: string | null };

/**
 * A conversion's or a loss's log row keeps the lead's tags as they are then, names and colours (decision 1833): a
 * report by tag reads them there, and later edits of the tags do not rewrite it.
 */
const ETIQUETAS_NO_REGISTRO = `jsonb_build_object('etiquetas', (
  SELECT coalesce(jsonb_agg(jsonb_build_object('id', e.id, 'nome', e.nome, 'cor', e.cor) ORDER BY lower(e.nome), e.id), '[]')
    FROM leads_etiquetas le JOIN etiquetas e ON e.id_empresa_fk = le.id_empresa_fk AND e.id = le.id_etiqueta_fk
   WHERE le.id_empresa_fk = (f.depois).id_empresa_fk AND le.id_lead_fk = (f.depois).id))`;

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
  const processo = p.para === STATUS_PROCESSO_JURIDICO;
  // the status, a new legal process's conversion date and first legal status (legal-process.ts) and the change log's
  // rows in one statement: one `lead.status` row per lead, whose before/after hold both statuses (decision 1702)
  const { rows } = await tx.query<{ id: string; nome: string; sem_consultor: boolean; processo_novo: boolean }>(
    `WITH antes AS (SELECT l AS linha FROM leads_juros_check l WHERE l.id_empresa_fk = $1 AND l.id = ANY ($2::uuid[])),
     feitos AS (
       UPDATE leads_juros_check l
          SET status_lead = $3, updated_at = now(),
              convertido_em = CASE WHEN $4 THEN now() ELSE l.convertido_em END,
              status_juridico_lead = CASE WHEN $4 THEN coalesce(l.status_juridico_lead, $5) ELSE l.status_juridico_lead END
         FROM antes a
        WHERE l.id_empresa_fk = $1 AND l.id = (a.linha).id
        RETURNING a.linha AS antes, l AS depois),
     registro AS (${sqlRegistroDeLeads(6, guardaEtiquetasNoStatus(p.para) ? { alemDoDepois: ETIQUETAS_NO_REGISTRO } : {})})
     SELECT (f.depois).id, (f.depois).nome, (f.depois).consultor_atribuido_id IS NULL AS sem_consultor,
            $4 AND (f.antes).status_juridico_lead IS NULL AS processo_novo
       FROM feitos f`,
    [p.empresaId, ids, p.para, processo, STATUS_JURIDICO_INICIAL, autorDoRegistro("lead.status", p.autor)],
  );
  await registrarHistorico(tx, {
    empresaId: p.empresaId,
    campo: "status_lead",
    autor: p.autor,
    mudancas: mudam.map((l) => ({ leadId: l.id, de: l.status_lead, para: p.para })),
  });
  if (processo) {
    await abrirProcessosJuridicos(deps, tx, {
      empresaId: p.empresaId,
      novos: rows.filter((r) => r.processo_novo),
      autor: p.autor,
    });
  }
  const aguardam = rows.filter((r) => r.sem_consultor).map((r) => r.id);
  if (!p.atribuiEmSeguida && aguardam.length && (STATUS_AGUARDANDO_ATRIBUICAO as readonly string[]).includes(p.para))
    await deps.jobs.enviar<TTrabalhoAtribuirQualificados>(
      FILA_ATRIBUIR_QUALIFICADOS,
      { empresaId: p.empresaId, leadIds: aguardam },
      { tx },
    );
  await enfileirarConversoesMeta(deps, tx, { empresaId: p.empresaId, leadIds: ids, para: p.para });
  return ids;
}
