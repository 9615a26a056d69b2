import type { TProcesso } from "@crm/domain/schemas/processes";

/** Columns of a process row over `leads_juros_check l`, its consultant `c` and its legal professional `u`. */
export const COLUNAS_PROCESSO = `l.id, l.nome, l.email, l.telefone, l.valor_contrato::text AS valor_contrato,
  l.valor_contrato_fechado::text AS valor_contrato_fechado, l.consultor_atribuido_id AS consultor_id,
  c.nome AS consultor_nome, l.profissional_juridico_atribuido_id AS profissional_id,
  coalesce(nullif(u.nome, ''), u.email) AS profissional_nome, u.email AS profissional_email,
  l.status_juridico_lead, l.observacoes_juridicas, l.convertido_em, l.updated_at,
  l.revisional_razao::float8 AS revisional_razao, l.revisional_faixa`;

export const JUNCOES_PROCESSO = `LEFT JOIN consultores c ON c.id_empresa_fk = l.id_empresa_fk AND c.id = l.consultor_atribuido_id
  LEFT JOIN usuarios_plataforma u ON u.id_empresa_fk = l.id_empresa_fk AND u.id = l.profissional_juridico_atribuido_id`;

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
