import { STATUS_QUALIFICADOS_IA } from "@crm/domain/attribution";
import { STATUS_QUALIFICADOS } from "@crm/domain/dashboard";
import { STATUS_FINALIZADOS } from "@crm/domain/legal-dashboard";
import { STATUS_FORA_DO_PIPELINE } from "@crm/domain/revisional/recoverable";
import { STATUS_CONVERTIDOS, STATUS_JURIDICO_INICIAL, STATUS_PROCESSO_JURIDICO } from "@crm/domain/status";
import type { TEntidadeRolada } from "./types.js";

/** the columns every definition over the leads reads besides the table's: the São Paulo day and month, the consultant */
const DO_LEAD = `(l.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS dia_sp,
                 date_trunc('month', (l.created_at AT TIME ZONE 'America/Sao_Paulo')::date)::date AS mes_sp,
                 coalesce(l.consultor_atribuido_id, '00000000-0000-0000-0000-000000000000'::uuid) AS consultor_sp`;
const DO_CUSTO = "date_trunc('month', c.data_custo)::date AS mes";

/**
 * The source rows of a rolled-up summary as the change log tells them (decisions 1701, 1772): for each log row of the
 * entity that `onde` (a condition over `mudancas m`) selects, its state after the change with `sinal` +1 (`depois`;
 * none on deletion) and its state before with −1 (`depois` overridden by `antes`, which holds the changed fields' old
 * values; none on creation). A change that moved no logged field (`antes` = '{}') is skipped: its states cancel. Each
 * state becomes a row of the entity's table (fields the log does not keep are null), with the same extra columns and
 * alias as the raw source, so a definition's key and measure expressions apply to it unchanged.
 */
const ESTADOS = (entidade: TEntidadeRolada, onde: string) => `
  SELECT m.id_empresa_fk, 1 AS sinal, m.depois AS estado FROM mudancas m
   WHERE m.entidade = '${entidade}' AND ${onde} AND m.depois IS NOT NULL AND m.antes IS DISTINCT FROM '{}'::jsonb
  UNION ALL
  SELECT m.id_empresa_fk, -1, coalesce(m.depois, '{}'::jsonb) || m.antes FROM mudancas m
   WHERE m.entidade = '${entidade}' AND ${onde} AND m.antes IS NOT NULL AND m.antes <> '{}'::jsonb`;
const DO_REGISTRO: Record<TEntidadeRolada, { tabela: string; alias: string; colunas: string }> = {
  lead: { tabela: "leads_juros_check", alias: "l", colunas: DO_LEAD },
  custo: { tabela: "custos_marketing", alias: "c", colunas: DO_CUSTO },
};
function doRegistro(entidade: TEntidadeRolada, onde: string): string {
  const { tabela, alias: a, colunas } = DO_REGISTRO[entidade];
  return `(SELECT ${a}.*, ${colunas}, e.sinal
             FROM (${ESTADOS(entidade, onde)}) e,
                  jsonb_populate_record(NULL::${tabela}, e.estado || jsonb_build_object('id_empresa_fk', e.id_empresa_fk)) ${a}) ${a}`;
}

const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
const lista = (xs: readonly string[]) => `ARRAY[${xs.map(literal).join(", ")}]::text[]`;

/**
 * The pieces the registry's definitions share, written from the domain's sets (not from the triggers' SQL
 * functions), so a recount also checks that the triggers count the domain's statuses.
 */
export const SQL = {
  /** the company's leads, with their São Paulo day and month (UTC−3, as the periods) and consultant or the nil uuid */
  leads: `(SELECT l.*, ${DO_LEAD} FROM leads_juros_check l WHERE l.id_empresa_fk = $1) l`,
  /** the company's marketing costs, with their month */
  custos: `(SELECT c.*, ${DO_CUSTO} FROM custos_marketing c WHERE c.id_empresa_fk = $1) c`,
  convertido: `l.status_lead = ANY (${lista(STATUS_CONVERTIDOS)})`,
  qualificado: `l.status_lead = ANY (${lista(STATUS_QUALIFICADOS)})`,
  aprovadoIa: `l.status_lead = ANY (${lista(STATUS_QUALIFICADOS_IA)})`,
  /** the recoverable value counts leads with an overpayment still in the pipeline (decision 1404) */
  recuperavel: `l.revisional_sobrepago_centavos IS NOT NULL AND NOT l.status_lead = ANY (${lista(STATUS_FORA_DO_PIPELINE)})`,
  /** what one lead has overpaid so far: the total spread over the instalments, times those paid */
  ateAgora: `CASE WHEN l.quantidade_parcelas > 0 AND l.quantidade_parcelas_pagas IS NOT NULL
                  THEN l.revisional_sobrepago_centavos / l.quantidade_parcelas
                       * least(l.quantidade_parcelas_pagas, l.quantidade_parcelas)
                  ELSE 0 END`,
  processo: `l.status_lead = ${literal(STATUS_PROCESSO_JURIDICO)}`,
  juridico: `coalesce(l.status_juridico_lead, ${literal(STATUS_JURIDICO_INICIAL)})`,
  finalizado: literal(STATUS_FINALIZADOS[0]),
  inicial: literal(STATUS_JURIDICO_INICIAL),
  doRegistro,
  literal,
  lista,
};
