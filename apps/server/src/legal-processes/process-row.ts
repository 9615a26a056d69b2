import type { TProcesso } from "@crm/domain/schemas/processes";
import { nomeDoUsuarioSql } from "../db/person-name.js";

/** Columns of a process row over `leads_juros_check l`, its consultant `c` and its legal professional `u`. */
export const COLUNAS_PROCESSO = `l.id, l.nome, l.email, l.telefone, l.valor_contrato::text AS valor_contrato,
  l.valor_contrato_fechado::text AS valor_contrato_fechado, l.consultor_atribuido_id AS consultor_id,
  c.nome AS consultor_nome, l.profissional_juridico_atribuido_id AS profissional_id,
  ${nomeDoUsuarioSql("u")} AS profissional_nome, u.email AS profissional_email,
  l.status_juridico_lead, l.observacoes_juridicas, l.convertido_em, l.updated_at,
  l.revisional_razao::float8 AS revisional_razao, l.revisional_faixa`;

export const JUNCOES_PROCESSO = `LEFT JOIN consultores c ON c.id_empresa_fk = l.id_empresa_fk AND c.id = l.consultor_atribuido_id
  LEFT JOIN usuarios_plataforma u ON u.id_empresa_fk = l.id_empresa_fk AND u.id = l.profissional_juridico_atribuido_id`;

/** A timestamptz as JS's `toISOString` writes it (UTC, milliseconds truncated as pg's Date and isoDeTimestamptz do). */
const isoSql = (coluna: string) => `to_char(${coluna} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A process row as the API sends it (ZProcesso: same names, same order, same formats), over the same `l`, `c` and
 * `u` as COLUNAS_PROCESSO, for PostgreSQL to write as JSON (`json_agg` of these rows): the list sends its page as
 * PostgreSQL wrote it. The list's test holds every key and value to the schema and to the detail (COLUNAS_PROCESSO +
 * paraProcesso). A row value, not `json_build_object`: that looked up each value's output function on every call and
 * cost PostgreSQL about three times as much for a page.
 */
export const COLUNAS_ITEM_PROCESSO = `l.id, l.nome, l.email, l.telefone, l.valor_contrato::text AS valor_contrato,
  l.valor_contrato_fechado::text AS valor_contrato_fechado, l.consultor_atribuido_id AS consultor_id,
  c.nome AS consultor_nome, l.profissional_juridico_atribuido_id AS profissional_id,
  ${nomeDoUsuarioSql("u")} AS profissional_nome, u.email AS profissional_email,
  coalesce(l.status_juridico_lead, 'Aguardando Contato Jurídico') AS status_juridico_lead, l.observacoes_juridicas,
  ${isoSql("l.convertido_em")} AS convertido_em, ${isoSql("l.updated_at")} AS updated_at,
  l.revisional_razao::float8 AS revisional_razao, l.revisional_faixa`;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function paraProcesso(r: Record<string, unknown>): TProcesso {
  return {
    ...(r as TProcesso),
    // a converted lead from before the legal vocabulary had no legal status: the migration gave it the initial one
    status_juridico_lead: (r.status_juridico_lead as TProcesso["status_juridico_lead"]) ?? "Aguardando Contato Jurídico",
    convertido_em: iso(r.convertido_em as Date | null),
    updated_at: iso(r.updated_at as Date) as string,
  };
}
