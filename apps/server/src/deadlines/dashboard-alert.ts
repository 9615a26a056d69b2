import { MSG_PRAZOS } from "@crm/domain/deadlines";
import type { TAlertaJuridico } from "@crm/domain/schemas/legal-dashboard";
import type { TTx } from "../db/tenant.js";

const EXEMPLOS = 3;

/**
 * The legal dashboard's alert builder for open processes (not 'Finalizado Jurídico') with no pending deadline: the
 * oldest conversions named. Shaped as legal-dashboard/alerts.ts's TConstrutorAlerta (that list imports this one).
 * Reads the per-process flags of migration 0029 (`prazos_pendentes`, kept by a trigger on the deadlines) through
 * the partial index `processos_sinais_sem_prazo_idx`: a bounded index scan, not an anti-join over every process.
 */
export async function alertaSemProximoPrazo(c: { tx: TTx; empresaId: string; agora: Date }): Promise<TAlertaJuridico | null> {
  const filtro = "s.id_empresa_fk = $1 AND s.status_juridico_lead <> 'Finalizado Jurídico' AND s.prazos_pendentes = 0";
  const { rows: contagem } = await c.tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM processos_sinais s WHERE ${filtro}`,
    [c.empresaId],
  );
  const total = contagem[0].n;
  if (!total) return null;
  const { rows } = await c.tx.query(
    `SELECT l.id, l.nome, coalesce(s.convertido_em, l.updated_at) AS desde, $2::int AS total
       FROM (SELECT s.id_lead_fk, s.convertido_em FROM processos_sinais s WHERE ${filtro}
              ORDER BY s.convertido_em NULLS FIRST, s.id_lead_fk LIMIT ${EXEMPLOS}) s
       JOIN leads_juros_check l ON l.id_empresa_fk = $1 AND l.id = s.id_lead_fk
      ORDER BY s.convertido_em NULLS FIRST, s.id_lead_fk`,
    [c.empresaId, total],
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
