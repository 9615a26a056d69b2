import { isoDiaSP, type TIntervalo } from "@crm/domain/period";
import { eficienciaIa } from "@crm/domain/screening";
import type { TTx } from "../db/tenant.js";

/**
 * The counts behind 'Eficiência IA' for the São Paulo days [$ini, $fim) of company $empresa, as an SQL expression
 * returning json {concluidas, mantidas}: the per-day summary of migration 0034 (kept exact by triggers on triagens_ia),
 * not the screenings themselves. The company dashboard embeds it in its one statement.
 */
export const sqlContagensEficienciaIa = (empresa: string, ini: string, fim: string) =>
  `(SELECT json_build_object('concluidas', coalesce(sum(concluidas), 0)::int, 'mantidas', coalesce(sum(mantidas), 0)::int)
      FROM triagens_resumo_diaria WHERE id_empresa_fk = ${empresa} AND dia >= ${ini}::date AND dia < ${fim}::date)`;

/**
 * 'Eficiência IA' of a period (docs/decisions/0602-ai-rates-and-efficiency.md): of the screenings that ended in it
 * (qualificado, rejeitado, or an error sent to manual analysis), the percent settled automatically and not
 * overturned by a person's review. null when none ended. Periods are whole São Paulo days (intervaloDoPeriodo).
 */
export async function calcularEficienciaIa(tx: TTx, empresaId: string, intervalo: TIntervalo): Promise<number | null> {
  const { rows } = await tx.query(`SELECT ${sqlContagensEficienciaIa("$1", "$2", "$3")} AS c`, [
    empresaId,
    isoDiaSP(intervalo.inicio),
    isoDiaSP(intervalo.fim),
  ]);
  return eficienciaIa(rows[0].c);
}
