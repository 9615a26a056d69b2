import type { TPrazo } from "@crm/domain/schemas/deadlines";
import { nomeDoUsuarioSql } from "../db/person-name.js";

/** Columns of a deadline `p` over its process `l` and the people who own (r), created (c) and completed (k) it. */
export const COLUNAS_PRAZO = `p.id, p.id_lead_fk AS processo_id, l.nome AS processo_nome, l.status_juridico_lead,
  p.titulo, p.descricao, to_char(p.data_fatal, 'YYYY-MM-DD') AS data_fatal,
  to_char(p.data_seguranca, 'YYYY-MM-DD') AS data_seguranca, p.id_responsavel_fk AS responsavel_id,
  ${nomeDoUsuarioSql("r")} AS responsavel_nome, p.estado, p.origem,
  ${nomeDoUsuarioSql("c")} AS criado_por_nome, p.created_at,
  ${nomeDoUsuarioSql("k")} AS concluido_por_nome, p.concluido_em`;

export const JUNCOES_PRAZO = `JOIN leads_juros_check l ON l.id_empresa_fk = p.id_empresa_fk AND l.id = p.id_lead_fk
  LEFT JOIN usuarios_plataforma r ON r.id_empresa_fk = p.id_empresa_fk AND r.id = p.id_responsavel_fk
  LEFT JOIN usuarios_plataforma c ON c.id_empresa_fk = p.id_empresa_fk AND c.id = p.criado_por_fk
  LEFT JOIN usuarios_plataforma k ON k.id_empresa_fk = p.id_empresa_fk AND k.id = p.concluido_por_fk`;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function paraPrazo(r: Record<string, unknown>): TPrazo {
  return {
    ...(r as TPrazo),
    created_at: iso(r.created_at as Date) as string,
    concluido_em: iso(r.concluido_em as Date | null),
  };
}
