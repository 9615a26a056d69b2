import { STATUS_FORA_DO_PIPELINE, sobrepagoAteAgora } from "@crm/domain/revisional/recoverable";
import type pg from "pg";
import { resumoExato } from "../src/derived/rollup.js";

/**
 * The recoverable-value summary's non-zero rows (migration 0030's per day, origin, consultant and band; read exactly,
 * with the change log's rows not yet rolled up: decision 1772) and the same
 * figures recounted from the company's leads by the domain's rule, both sorted by key: equal when the summary is exact.
 */
export async function resumoERecontagemRecuperavel(dono: pg.Pool, empresaId: string) {
  const { rows: resumo } = await dono.query(
    `SELECT dia::text || '|' || origem_lead || '|' || consultor_id || '|' || faixa AS k, leads,
            sobrepago_total_centavos::text AS total, sobrepago_ate_agora_centavos::text AS ate
       FROM ${resumoExato("financas_recuperavel_diaria")}
      WHERE id_empresa_fk = $1 AND (leads, sobrepago_total_centavos, sobrepago_ate_agora_centavos) <> (0, 0, 0) ORDER BY 1`,
    [empresaId],
  );
  const { rows: leads } = await dono.query(
    `SELECT (created_at AT TIME ZONE 'America/Sao_Paulo')::date::text AS dia, origem_lead, consultor_atribuido_id,
            status_lead, revisional_faixa, revisional_sobrepago_centavos::float8 AS total, quantidade_parcelas,
            quantidade_parcelas_pagas
       FROM leads_juros_check WHERE id_empresa_fk = $1`,
    [empresaId],
  );
  const conta = new Map<string, { leads: number; total: number; ate: number }>();
  for (const l of leads) {
    if (l.total === null || STATUS_FORA_DO_PIPELINE.includes(l.status_lead)) continue;
    const k = [
      l.dia,
      l.origem_lead,
      l.consultor_atribuido_id ?? "00000000-0000-0000-0000-000000000000",
      l.revisional_faixa ?? "sem_faixa",
    ].join("|");
    const s = conta.get(k) ?? { leads: 0, total: 0, ate: 0 };
    s.leads += 1;
    s.total += l.total;
    s.ate += sobrepagoAteAgora(l.total, l.quantidade_parcelas, l.quantidade_parcelas_pagas);
    conta.set(k, s);
  }
  const recontagem = [...conta]
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([k, s]) => ({ k, leads: s.leads, total: String(s.total), ate: String(s.ate) }));
  return { resumo, recontagem };
}
