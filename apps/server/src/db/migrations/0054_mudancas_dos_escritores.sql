-- Decision 1702: how each writer of a lead logs its change (decision 1701) in the statement that makes it. A writer
-- reads the rows it changes (`antes`), changes them (`RETURNING antes_row, l`) and inserts one log row per lead from
-- the pair, with these functions: the same recipe for one lead and for 2,000.

-- The lead's personal fields that differ between two versions, by name only (never values): the log may say that a
-- name or phone changed, never what it was or is, so erasing a titular's data never rewrites the log (decision 1701).
CREATE FUNCTION mudancas_lead_pessoais(a leads_juros_check, d leads_juros_check) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_remove(ARRAY[
    CASE WHEN a.nome IS DISTINCT FROM d.nome THEN 'nome' END,
    CASE WHEN a.telefone IS DISTINCT FROM d.telefone OR a.telefone_normalizado IS DISTINCT FROM d.telefone_normalizado
         THEN 'telefone' END,
    CASE WHEN a.email IS DISTINCT FROM d.email THEN 'email' END,
    CASE WHEN a.cidade IS DISTINCT FROM d.cidade THEN 'cidade' END], NULL)
$$;

-- `antes` of a lead's log row: null on creation, every logged field on deletion, else the changed ones' old values.
CREATE FUNCTION mudancas_lead_antes(a leads_juros_check, d leads_juros_check) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN (a).id IS NULL THEN NULL
              WHEN (d).id IS NULL THEN mudancas_lead(a)
              ELSE mudancas_diferenca(mudancas_lead(a), mudancas_lead(d)) END
$$;

-- `depois` of a lead's log row: null on deletion, else the logged fields now, with the names of the personal fields
-- that changed (`campos_pessoais`) when there are any.
CREATE FUNCTION mudancas_lead_depois(a leads_juros_check, d leads_juros_check) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN (d).id IS NULL THEN NULL
              WHEN (a).id IS NULL OR cardinality(mudancas_lead_pessoais(a, d)) = 0 THEN mudancas_lead(d)
              ELSE mudancas_lead(d) || jsonb_build_object('campos_pessoais', to_jsonb(mudancas_lead_pessoais(a, d))) END
$$;

-- Whether an edit changed what the lead is: any column but the bookkeeping ones (edit time, the last-message times a
-- message moves, the search mask, when the AI or the revisional sweep last ran). An edit that saves the same values
-- logs nothing.
CREATE FUNCTION mudancas_lead_mudou(a leads_juros_check, d leads_juros_check) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (to_jsonb(a) - '{updated_at,ultima_mensagem_em,ultima_mensagem_lead_em,busca_mascara,data_processamento_ia,revisional_calculado_em}'::text[])
         IS DISTINCT FROM
         (to_jsonb(d) - '{updated_at,ultima_mensagem_em,ultima_mensagem_lead_em,busca_mascara,data_processamento_ia,revisional_calculado_em}'::text[])
$$;

GRANT EXECUTE ON FUNCTION mudancas_lead_pessoais(leads_juros_check, leads_juros_check),
  mudancas_lead_antes(leads_juros_check, leads_juros_check), mudancas_lead_depois(leads_juros_check, leads_juros_check),
  mudancas_lead_mudou(leads_juros_check, leads_juros_check) TO crm_app;

-- The logged fields of the other entities (decision 1702): what a webhook reader needs (ids, status, direction, lead,
-- amounts, dates), never a message's text, a file's name or content, or a person's data.
CREATE FUNCTION mudancas_mensagem(m mensagens_whatsapp) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_object('lead_id', m.id_lead_fk, 'direcao', m.direcao, 'remetente', m.sender,
    'tipo', m.message_type, 'status', m.status, 'enviada_em', m.timestamp, 'lida_em', m.lida_em)
$$;

CREATE FUNCTION mudancas_documento(d documentos) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_object('lead_id', d.id_lead_fk, 'tipo_arquivo', d.tipo_arquivo, 'tamanho', d.tamanho_arquivo,
    'enviado_por', d.id_usuario_upload_fk, 'enviado_em', d.data_upload)
$$;

CREATE FUNCTION mudancas_prazo(p prazos_processo) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_object('lead_id', p.id_lead_fk, 'estado', p.estado, 'origem', p.origem,
    'data_fatal', p.data_fatal, 'data_seguranca', p.data_seguranca, 'responsavel_id', p.id_responsavel_fk,
    'concluido_em', p.concluido_em)
$$;

CREATE FUNCTION mudancas_custo(c custos_marketing) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_object('data_custo', c.data_custo, 'plataforma', c.plataforma, 'valor_gasto', c.valor_gasto,
    'campanha', c.campanha, 'anuncio_id', c.anuncio_id, 'campanhas_ativas', c.campanhas_ativas,
    'impressoes', c.impressoes, 'cliques', c.cliques)
$$;

CREATE FUNCTION mudancas_assinatura(e empresas) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_object('plano', e.plano_assinatura, 'status', e.status_assinatura, 'plano_agendado', e.plano_agendado,
    'ciclo', e.ciclo_cobranca, 'cancelar_no_fim', e.cancelar_no_fim, 'data_renovacao', e.data_renovacao)
$$;

GRANT EXECUTE ON FUNCTION mudancas_mensagem(mensagens_whatsapp), mudancas_documento(documentos),
  mudancas_prazo(prazos_processo), mudancas_custo(custos_marketing), mudancas_assinatura(empresas) TO crm_app;
