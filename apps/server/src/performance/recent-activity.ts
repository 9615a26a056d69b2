import type { TAtividadeRecente } from "@crm/domain/schemas/performance";
import { STATUS_CONVERTIDOS } from "@crm/domain/status";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { consultorDoUsuario } from "./consultant-performance.js";

/** 000 §9: recent activities capped at 10. */
const LIMITE_ATIVIDADES = 10;

type TLinha = {
  id: string;
  campo: string;
  valor_anterior: string | null;
  valor_novo: string | null;
  created_at: Date;
  lead_id: string;
  nome: string;
};

function paraAtividade(r: TLinha, consultorId: string): TAtividadeRecente {
  const base = { id: r.id, timestamp: new Date(r.created_at).toISOString(), leadId: r.lead_id };
  if (r.campo === "consultor_atribuido_id") {
    return r.valor_novo === consultorId
      ? { ...base, tipo: "lead_assigned", titulo: "Lead atribuído a você", descricao: r.nome }
      : { ...base, tipo: "lead_unassigned", titulo: "Lead saiu da sua carteira", descricao: r.nome };
  }
  if (r.valor_novo && (STATUS_CONVERTIDOS as readonly string[]).includes(r.valor_novo)) {
    return { ...base, tipo: "lead_converted", titulo: "Lead convertido", descricao: r.nome };
  }
  if (r.valor_novo === "Qualificado para Atendente") {
    return { ...base, tipo: "lead_qualified", titulo: "Lead qualificado", descricao: r.nome };
  }
  return {
    ...base,
    tipo: "status_change",
    titulo: "Status alterado",
    descricao: `${r.nome}: ${r.valor_anterior ?? "—"} → ${r.valor_novo ?? "—"}`,
  };
}

/**
 * The Consultor dashboard's recent activity (real, where the original was static): the newest assignment and
 * status changes of the consultant's leads, from lead_status_historico.
 */
export function listarAtividadesRecentes(deps: Pick<TDeps, "db">, ctx: TTenantCtx): Promise<TAtividadeRecente[]> {
  const empresaId = ctx.empresaId;
  if (!empresaId) return Promise.resolve([]);
  return withTenant(deps.db.app, ctx, async (tx) => {
    const consultorId = await consultorDoUsuario(tx, empresaId, ctx.usuarioId);
    if (!consultorId) return [];
    const { rows } = await tx.query(
      `SELECT h.id, h.campo, h.valor_anterior, h.valor_novo, h.created_at, l.id AS lead_id, l.nome
         FROM lead_status_historico h
         JOIN leads_juros_check l ON l.id_empresa_fk = h.id_empresa_fk AND l.id = h.id_lead_fk
        WHERE h.id_empresa_fk = $1
          AND ((h.campo = 'status_lead' AND l.consultor_atribuido_id = $2)
            OR (h.campo = 'consultor_atribuido_id' AND (h.valor_novo = $2::text OR h.valor_anterior = $2::text)))
        ORDER BY h.created_at DESC, h.id LIMIT $3`,
      [empresaId, consultorId, LIMITE_ATIVIDADES],
    );
    return rows.map((r) => paraAtividade(r, consultorId));
  });
}
