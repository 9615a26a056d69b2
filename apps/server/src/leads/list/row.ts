/**
 * Columns of a lead as lists show it (ZLeadLista), over `leads_juros_check l` left-joined to `consultores c`. Read
 * on db.leitura, whose times come back as ISO text: the rows are the API's items as they are.
 */
export const COLUNAS_LISTA = `l.id, l.nome, l.email, l.telefone, l.status_lead, l.origem_lead, l.valor_contrato::text AS valor_contrato,
  l.consultor_atribuido_id, c.nome AS consultor_nome, l.created_at, l.updated_at,
  l.revisional_razao::float8 AS revisional_razao, l.revisional_faixa`;
export const JUNCAO_CONSULTOR =
  "LEFT JOIN consultores c ON c.id_empresa_fk = l.id_empresa_fk AND c.id = l.consultor_atribuido_id";
