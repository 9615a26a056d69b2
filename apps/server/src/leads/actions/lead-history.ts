import type { TEventoHistorico } from "@crm/domain/schemas/leads";
import type { TDeps } from "../../core/deps.js";
import { type TCtxDaEmpresa, withTenant } from "../../db/tenant.js";
import { travarLeads } from "./load-for-update.js";

const LIMITE_HISTORICO = 200;

/**
 * A lead's history, newest first: every status change and assignment with who made it, when and why. Assignments
 * show consultant names; a change made by a platform admin (not a user of the company) shows as such.
 */
export async function listarHistoricoLead(
  deps: Pick<TDeps, "db">,
  ctx: TCtxDaEmpresa,
  leadId: string,
): Promise<TEventoHistorico[]> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    await travarLeads(tx, ctx, [leadId]); // 404 outside the caller's scope
    const { rows } = await tx.query(
      `SELECT h.id, h.campo, h.valor_anterior AS de, h.valor_novo AS para, h.origem, h.motivo, h.created_at,
              CASE WHEN h.campo = 'consultor_atribuido_id' THEN ca.nome ELSE h.valor_anterior END AS "deRotulo",
              CASE WHEN h.campo = 'consultor_atribuido_id' THEN cn.nome ELSE h.valor_novo END AS "paraRotulo",
              CASE WHEN h.id_usuario_fk IS NULL THEN NULL
                   ELSE coalesce(nullif(u.nome, ''), u.email, 'Administrador da plataforma') END AS usuario
         FROM lead_status_historico h
         LEFT JOIN usuarios_plataforma u ON u.id = h.id_usuario_fk
         LEFT JOIN consultores ca ON h.campo = 'consultor_atribuido_id' AND ca.id_empresa_fk = h.id_empresa_fk
                                 AND ca.id::text = h.valor_anterior
         LEFT JOIN consultores cn ON h.campo = 'consultor_atribuido_id' AND cn.id_empresa_fk = h.id_empresa_fk
                                 AND cn.id::text = h.valor_novo
        WHERE h.id_empresa_fk = $1 AND h.id_lead_fk = $2
        ORDER BY h.created_at DESC, h.id DESC LIMIT $3`,
      [ctx.empresaId, leadId, LIMITE_HISTORICO],
    );
    return rows.map((r) => ({ ...r, created_at: (r.created_at as Date).toISOString() }));
  });
}
