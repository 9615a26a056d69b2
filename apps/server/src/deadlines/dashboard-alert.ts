import { MSG_PRAZOS } from "@crm/domain/deadlines";
import type { TAlertaJuridico } from "@crm/domain/schemas/legal-dashboard";
import { STATUS_PROCESSO_JURIDICO } from "@crm/domain/status";
import type { TTx } from "../db/tenant.js";

const EXEMPLOS = 3;

/**
 * The legal dashboard's alert builder for open processes (not 'Finalizado Jurídico') with no pending deadline: the
 * oldest conversions named. Shaped as legal-dashboard/alerts.ts's TConstrutorAlerta (that list imports this one).
 */
export async function alertaSemProximoPrazo(c: { tx: TTx; empresaId: string; agora: Date }): Promise<TAlertaJuridico | null> {
  const { rows } = await c.tx.query(
    `SELECT l.id, l.nome, coalesce(l.convertido_em, l.updated_at) AS desde, count(*) OVER ()::int AS total
       FROM leads_juros_check l
      WHERE l.id_empresa_fk = $1 AND l.status_lead = $2 AND l.status_juridico_lead IS DISTINCT FROM 'Finalizado Jurídico'
        AND NOT EXISTS (SELECT 1 FROM prazos_processo p
                         WHERE p.id_empresa_fk = l.id_empresa_fk AND p.id_lead_fk = l.id AND p.estado = 'pendente')
      ORDER BY l.convertido_em NULLS FIRST, l.id LIMIT ${EXEMPLOS}`,
    [c.empresaId, STATUS_PROCESSO_JURIDICO],
  );
  if (!rows.length) return null;
  return {
    chave: "sem-proximo-prazo",
    nivel: "atencao",
    titulo: MSG_PRAZOS.semProximoPrazoAlerta(rows[0].total),
    descricao: MSG_PRAZOS.semProximoPrazoDescricao,
    quantidade: rows[0].total,
    processos: rows.map((r) => ({
      id: r.id,
      nome: r.nome,
      dias: Math.max(0, Math.floor((c.agora.getTime() - new Date(r.desde).getTime()) / 86_400_000)),
    })),
  };
}
