import type { TLeadLista } from "@crm/domain/schemas/leads";

/** Columns of a lead as lists show it, over `leads_juros_check l` left-joined to `consultores c`. */
export const COLUNAS_LISTA = `l.id, l.nome, l.email, l.telefone, l.status_lead, l.origem_lead, l.valor_contrato::text AS valor_contrato,
  l.consultor_atribuido_id, c.nome AS consultor_nome, l.created_at, l.updated_at`;
export const JUNCAO_CONSULTOR =
  "LEFT JOIN consultores c ON c.id_empresa_fk = l.id_empresa_fk AND c.id = l.consultor_atribuido_id";

type TLinhaBanco = Omit<TLeadLista, "created_at" | "updated_at"> & { created_at: Date; updated_at: Date };

export function paraLeadLista(r: TLinhaBanco): TLeadLista {
  return { ...r, created_at: r.created_at.toISOString(), updated_at: r.updated_at.toISOString() };
}
