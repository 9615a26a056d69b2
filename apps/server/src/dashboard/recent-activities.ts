import { LEADS_DAS_ATIVIDADES, montarAtividades, type TAtividadeEmpresa } from "@crm/domain/dashboard";
import type { TDeps } from "../core/deps.js";
import { withTenant } from "../db/tenant.js";
import type { TCtxEmpresa } from "../membership/target-company.js";

/**
 * The company dashboard's recent activities (000 §9): from the 5 newest leads, their arrival and the
 * qualification, assignment and conversion events of their history, plus their consultants who are online now;
 * newest first, at most 10 (montarAtividades).
 */
export function listarAtividadesDaEmpresa(deps: Pick<TDeps, "db">, ctx: TCtxEmpresa): Promise<TAtividadeEmpresa[]> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows: leads } = await tx.query(
      `SELECT id, nome, created_at, consultor_atribuido_id FROM leads_juros_check
        WHERE id_empresa_fk = $1 ORDER BY created_at DESC, id LIMIT $2`,
      [ctx.empresaId, LEADS_DAS_ATIVIDADES],
    );
    if (!leads.length) return [];
    const ids = leads.map((l) => l.id);
    const { rows: eventos } = await tx.query(
      `SELECT h.id, h.id_lead_fk AS "leadId", h.campo, h.valor_novo, h.created_at, c.nome AS consultor
         FROM lead_status_historico h
         LEFT JOIN consultores c ON h.campo = 'consultor_atribuido_id' AND c.id_empresa_fk = h.id_empresa_fk
                                AND c.id::text = h.valor_novo
        WHERE h.id_empresa_fk = $1 AND h.id_lead_fk = ANY ($2::uuid[])
          AND h.campo IN ('status_lead', 'consultor_atribuido_id')`,
      [ctx.empresaId, ids],
    );
    const { rows: conectados } = await tx.query(
      `SELECT c.id, c.nome, l.id AS "leadId", coalesce(c.ultima_atividade_em, c.updated_at) AS desde
         FROM leads_juros_check l
         JOIN consultores c ON c.id_empresa_fk = l.id_empresa_fk AND c.id = l.consultor_atribuido_id
        WHERE l.id_empresa_fk = $1 AND l.id = ANY ($2::uuid[]) AND c.status_conexao IN ('Conectado', 'Ocupado')`,
      [ctx.empresaId, ids],
    );
    return montarAtividades(leads, eventos, conectados);
  });
}
