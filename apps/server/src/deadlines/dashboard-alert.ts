import { MSG_PRAZOS } from "@crm/domain/deadlines";
import type { TAlertaJuridico } from "@crm/domain/schemas/legal-dashboard";
import type { TTx } from "../db/tenant.js";

const EXEMPLOS = 3;

type TResultado = { n: number; exemplos: { id: string; nome: string; desde: string }[] };

/**
 * The legal dashboard's alert for open processes (not 'Finalizado Jurídico') with no pending deadline: the oldest
 * conversions named. Shaped as legal-dashboard/alerts.ts's TConstrutorAlerta (that list imports this one): `sql` is a
 * scalar expression of the dashboard's one statement over `$1` the company. The count is the company's counter kept
 * by migration 0033a's triggers on `processos_sinais` (the processes entering and leaving this predicate); the
 * examples are the first rows of the partial index `processos_sinais_sem_prazo_idx` (0029).
 */
export const ALERTA_SEM_PROXIMO_PRAZO = {
  sql: `SELECT json_build_object(
      'n', (SELECT coalesce(sum(c.n), 0)::int FROM processos_contagens c WHERE c.id_empresa_fk = $1 AND c.chave = 'sem_prazo'),
      'exemplos', coalesce((
        SELECT json_agg(json_build_object('id', l.id, 'nome', l.nome, 'desde', coalesce(x.convertido_em, l.updated_at))
                        ORDER BY x.convertido_em NULLS FIRST, x.id)
          FROM (SELECT s.id_lead_fk AS id, s.convertido_em FROM processos_sinais s
                 WHERE s.id_empresa_fk = $1 AND s.status_juridico_lead <> 'Finalizado Jurídico' AND s.prazos_pendentes = 0
                 ORDER BY s.convertido_em NULLS FIRST, s.id_lead_fk LIMIT ${EXEMPLOS}) x
          JOIN leads_juros_check l ON l.id_empresa_fk = $1 AND l.id = x.id), '[]'))`,
  montar(r: TResultado, agora: Date): TAlertaJuridico | null {
    if (!r.n || !r.exemplos.length) return null;
    return {
      chave: "sem-proximo-prazo",
      nivel: "atencao",
      titulo: MSG_PRAZOS.semProximoPrazoAlerta(r.n),
      descricao: MSG_PRAZOS.semProximoPrazoDescricao,
      quantidade: r.n,
      processos: r.exemplos.map((p) => ({
        id: p.id,
        nome: p.nome,
        dias: Math.max(0, Math.floor((agora.getTime() - new Date(p.desde).getTime()) / 86_400_000)),
      })),
    };
  },
};

/** The alert alone, in a transaction of the caller's (the deadlines' tests; the dashboard selects its `sql`). */
export async function alertaSemProximoPrazo(c: { tx: TTx; empresaId: string; agora: Date }): Promise<TAlertaJuridico | null> {
  const { rows } = await c.tx.query<{ r: TResultado }>(`SELECT (${ALERTA_SEM_PROXIMO_PRAZO.sql}) AS r`, [c.empresaId]);
  return ALERTA_SEM_PROXIMO_PRAZO.montar(rows[0].r, c.agora);
}
