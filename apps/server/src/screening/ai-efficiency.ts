import type { TIntervalo } from "@crm/domain/period";
import { eficienciaIa } from "@crm/domain/screening";
import type { TTx } from "../db/tenant.js";

/**
 * 'Eficiência IA' of a period (docs/decisions/0602-ai-rates-and-efficiency.md): of the screenings that ended in it
 * (qualificado, rejeitado, or an error sent to manual analysis), the percent settled automatically and not
 * overturned by a person's review. null when none ended. The dashboard's card calls this too.
 */
export async function calcularEficienciaIa(tx: TTx, empresaId: string, intervalo: TIntervalo): Promise<number | null> {
  const { rows } = await tx.query(
    `SELECT count(*)::int AS concluidas,
            count(*) FILTER (WHERE decisao IN ('qualificado', 'rejeitado')
                               AND (revisao_decisao IS NULL OR revisao_decisao = decisao))::int AS mantidas
       FROM triagens_ia
      WHERE id_empresa_fk = $1 AND decisao IN ('qualificado', 'rejeitado', 'erro') AND created_at >= $2 AND created_at < $3`,
    [empresaId, intervalo.inicio, intervalo.fim],
  );
  return eficienciaIa(rows[0]);
}
