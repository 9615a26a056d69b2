import { MSG } from "@crm/domain/messages";
import type { TEventoHistorico } from "@crm/domain/schemas/leads";
import type { TProcessoDetalhe } from "@crm/domain/schemas/processes";
import { STATUS_PROCESSO_JURIDICO } from "@crm/domain/status";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { COLUNAS_PROCESSO, JUNCOES_PROCESSO, paraProcesso } from "./process-row.js";

const LIMITE_HISTORICO = 200;

/** A process of the company, locked for update when asked; 404 for anything else (another company's, not a process). */
export async function lerProcesso(tx: TTx, empresaId: string, id: string, travar = false) {
  const { rows } = await tx.query(
    `SELECT ${COLUNAS_PROCESSO} FROM leads_juros_check l ${JUNCOES_PROCESSO}
      WHERE l.id_empresa_fk = $1 AND l.id = $2 AND l.status_lead = $3 ${travar ? "FOR UPDATE OF l" : ""}`,
    [empresaId, id, STATUS_PROCESSO_JURIDICO],
  );
  if (!rows[0]) throw notFound(MSG.processoNaoEncontrado);
  return paraProcesso(rows[0]);
}

/** The legal side of a lead's history (legal status and legal professional), newest first: who, when, from → to. */
async function historicoJuridico(tx: TTx, empresaId: string, id: string): Promise<TEventoHistorico[]> {
  const { rows } = await tx.query(
    `SELECT h.id, h.campo, h.valor_anterior AS de, h.valor_novo AS para, h.origem, h.created_at,
            CASE WHEN h.campo = 'profissional_juridico_atribuido_id' THEN ua.email ELSE h.valor_anterior END AS "deRotulo",
            CASE WHEN h.campo = 'profissional_juridico_atribuido_id' THEN un.email ELSE h.valor_novo END AS "paraRotulo",
            CASE WHEN h.id_usuario_fk IS NULL THEN NULL
                 ELSE coalesce(nullif(u.nome, ''), u.email, 'Administrador da plataforma') END AS usuario
       FROM lead_status_historico h
       LEFT JOIN usuarios_plataforma u ON u.id = h.id_usuario_fk
       LEFT JOIN usuarios_plataforma ua ON h.campo = 'profissional_juridico_atribuido_id' AND ua.id::text = h.valor_anterior
       LEFT JOIN usuarios_plataforma un ON h.campo = 'profissional_juridico_atribuido_id' AND un.id::text = h.valor_novo
      WHERE h.id_empresa_fk = $1 AND h.id_lead_fk = $2
        AND h.campo IN ('status_juridico_lead', 'profissional_juridico_atribuido_id')
      ORDER BY h.created_at DESC, h.id DESC LIMIT $3`,
    [empresaId, id, LIMITE_HISTORICO],
  );
  return rows.map((r) => ({ ...r, created_at: (r.created_at as Date).toISOString() }));
}

/** GET /processos/{id}: the process and its legal history, for the edit dialog. */
export function lerProcessoDetalhe(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx & { empresaId: string },
  id: string,
): Promise<TProcessoDetalhe> {
  return withTenant(deps.db.app, ctx, async (tx) => ({
    ...(await lerProcesso(tx, ctx.empresaId, id)),
    historico: await historicoJuridico(tx, ctx.empresaId, id),
  }));
}
