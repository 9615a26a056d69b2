import { STATUS_QUALIFICADOS_IA } from "@crm/domain/attribution";
import { STATUS_QUALIFICADOS } from "@crm/domain/dashboard";
import { STATUS_FINALIZADOS } from "@crm/domain/legal-dashboard";
import { STATUS_FORA_DO_PIPELINE } from "@crm/domain/revisional/recoverable";
import { STATUS_CONVERTIDOS, STATUS_JURIDICO_INICIAL, STATUS_PROCESSO_JURIDICO } from "@crm/domain/status";

/**
 * The pieces the registry's definitions share, written from the domain's sets (not from the triggers' SQL
 * functions), so a recount also checks that the triggers count the domain's statuses.
 */
const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
const lista = (xs: readonly string[]) => `ARRAY[${xs.map(literal).join(", ")}]::text[]`;

export const SQL = {
  /** the company's leads, with their São Paulo day and month (UTC−3, as the periods) and consultant or the nil uuid */
  leads: `(SELECT l.*, (l.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS dia_sp,
                  date_trunc('month', (l.created_at AT TIME ZONE 'America/Sao_Paulo')::date)::date AS mes_sp,
                  coalesce(l.consultor_atribuido_id, '00000000-0000-0000-0000-000000000000'::uuid) AS consultor_sp
             FROM leads_juros_check l WHERE l.id_empresa_fk = $1) l`,
  convertido: `l.status_lead = ANY (${lista(STATUS_CONVERTIDOS)})`,
  qualificado: `l.status_lead = ANY (${lista(STATUS_QUALIFICADOS)})`,
  aprovadoIa: `l.status_lead = ANY (${lista(STATUS_QUALIFICADOS_IA)})`,
  /** the recoverable value counts leads with an overpayment still in the pipeline (decision 1404) */
  recuperavel: `l.revisional_sobrepago_centavos IS NOT NULL AND NOT l.status_lead = ANY (${lista(STATUS_FORA_DO_PIPELINE)})`,
  /** what was overpaid so far: the total spread over the instalments, times those paid */
  ateAgora: `sum(CASE WHEN l.quantidade_parcelas > 0 AND l.quantidade_parcelas_pagas IS NOT NULL
                      THEN l.revisional_sobrepago_centavos / l.quantidade_parcelas
                           * least(l.quantidade_parcelas_pagas, l.quantidade_parcelas)
                      ELSE 0 END)`,
  processo: `l.status_lead = ${literal(STATUS_PROCESSO_JURIDICO)}`,
  juridico: `coalesce(l.status_juridico_lead, ${literal(STATUS_JURIDICO_INICIAL)})`,
  finalizado: literal(STATUS_FINALIZADOS[0]),
  inicial: literal(STATUS_JURIDICO_INICIAL),
  literal,
  lista,
};
