-- Decision 1771: the summaries rolled up from the change log compute each change's delta from the log row's
-- `antes`/`depois` alone, so the log keeps every lead field their measures read. Three were missing: when the AI
-- processed the lead (the per-campaign AI-qualified count) and the contract's instalments, total and paid (the
-- recoverable value "so far"). None is personal data. CAMPOS_LEAD_NO_REGISTRO in packages/domain/src/change-log.ts
-- lists the same fields (change-log/one-row-per-change.test.ts keeps both equal).
CREATE OR REPLACE FUNCTION mudancas_lead(l leads_juros_check) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_object(
    'status_lead', l.status_lead, 'status_juridico_lead', l.status_juridico_lead,
    'consultor_atribuido_id', l.consultor_atribuido_id,
    'profissional_juridico_atribuido_id', l.profissional_juridico_atribuido_id,
    'created_at', l.created_at, 'convertido_em', l.convertido_em, 'origem_lead', l.origem_lead,
    'campanha_origem', l.campanha_origem, 'plataforma_anuncio', l.plataforma_anuncio, 'anuncio_id', l.anuncio_id,
    'valor_contrato_fechado', l.valor_contrato_fechado, 'revisional_faixa', l.revisional_faixa,
    'revisional_sobrepago_centavos', l.revisional_sobrepago_centavos,
    'data_processamento_ia', l.data_processamento_ia, 'quantidade_parcelas', l.quantidade_parcelas,
    'quantidade_parcelas_pagas', l.quantidade_parcelas_pagas)
$$;

-- An edit that only moves when the AI last ran still logs nothing (a re-screening is bookkeeping), but the first run
-- does: a lead the AI processed for the first time may count as AI-qualified in its campaign's figures.
CREATE OR REPLACE FUNCTION mudancas_lead_mudou(a leads_juros_check, d leads_juros_check) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (to_jsonb(a) - '{updated_at,ultima_mensagem_em,ultima_mensagem_lead_em,busca_mascara,data_processamento_ia,revisional_calculado_em}'::text[])
         IS DISTINCT FROM
         (to_jsonb(d) - '{updated_at,ultima_mensagem_em,ultima_mensagem_lead_em,busca_mascara,data_processamento_ia,revisional_calculado_em}'::text[])
      OR (a.data_processamento_ia IS NULL) <> (d.data_processamento_ia IS NULL)
$$;
