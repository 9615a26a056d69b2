-- Decision 1731: the summaries a lead's UPDATE moves are kept by ONE statement-level trigger with transition tables,
-- instead of seven row triggers that each upserted shared summary rows in the order the rows were updated (two bulk
-- writers touching the same keys in different orders deadlocked: concurrent-writers.test.ts). Each summary's deltas are
-- aggregated per key (the new rows +1, the old rows -1, keys that net to zero dropped) and upserted in key order.
-- The summaries are written in the order the INSERT and DELETE triggers write them (their names' order, in which
-- PostgreSQL fires them), each with the same statement shape, so every writer takes the summary tables in one order.
-- PostgreSQL refuses a column list on a trigger with transition tables, so it fires on every UPDATE statement; its
-- first query sees whether any summarized column moved and returns at once when none did (last message, notes…).
-- The INSERT triggers are not touched here; the DELETE triggers already were set-based and in key order.

CREATE FUNCTION leads_resumos_apos_mudar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM novos n JOIN velhos o ON o.id = n.id
     WHERE (o.id_empresa_fk, o.status_lead, o.status_juridico_lead, o.created_at, o.valor_contrato_fechado, o.origem_lead,
            o.consultor_atribuido_id, o.data_processamento_ia IS NULL, o.campanha_origem, o.anuncio_id, o.plataforma_anuncio,
            o.convertido_em, o.revisional_sobrepago_centavos, o.revisional_faixa, o.quantidade_parcelas,
            o.quantidade_parcelas_pagas)
           IS DISTINCT FROM
           (n.id_empresa_fk, n.status_lead, n.status_juridico_lead, n.created_at, n.valor_contrato_fechado, n.origem_lead,
            n.consultor_atribuido_id, n.data_processamento_ia IS NULL, n.campanha_origem, n.anuncio_id, n.plataforma_anuncio,
            n.convertido_em, n.revisional_sobrepago_centavos, n.revisional_faixa, n.quantidade_parcelas,
            n.quantidade_parcelas_pagas)) THEN
    RETURN NULL;
  END IF;

  -- 1. per campaign and ad (0036), per day and month
  WITH v AS (
    SELECT id_empresa_fk AS e, leads_dia_sp(created_at) AS d, coalesce(campanha_origem, '') AS cp, coalesce(anuncio_id, '') AS an,
           coalesce(plataforma_anuncio, '') AS p, 1 AS n, campanhas_qualificado(status_lead, data_processamento_ia) AS q,
           crm_status_convertido(status_lead) AS cv, campanhas_receita(status_lead, valor_contrato_fechado) AS r FROM novos
    UNION ALL
    SELECT id_empresa_fk, leads_dia_sp(created_at), coalesce(campanha_origem, ''), coalesce(anuncio_id, ''),
           coalesce(plataforma_anuncio, ''), -1, -campanhas_qualificado(status_lead, data_processamento_ia),
           -crm_status_convertido(status_lead), -campanhas_receita(status_lead, valor_contrato_fechado) FROM velhos),
  mensal AS (
    INSERT INTO campanhas_leads_mensal AS r (id_empresa_fk, mes, campanha, anuncio_id, plataforma, leads, qualificados, conversoes, receita)
    SELECT e, date_trunc('month', d)::date, cp, an, p, sum(n), sum(q), sum(cv), sum(r) FROM v
     GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(q) <> 0 OR sum(cv) <> 0 OR sum(r) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (id_empresa_fk, mes, campanha, anuncio_id, plataforma) DO UPDATE
      SET leads = r.leads + EXCLUDED.leads, qualificados = r.qualificados + EXCLUDED.qualificados,
          conversoes = r.conversoes + EXCLUDED.conversoes, receita = r.receita + EXCLUDED.receita)
  INSERT INTO campanhas_leads_diaria AS r (id_empresa_fk, dia, campanha, anuncio_id, plataforma, leads, qualificados, conversoes, receita)
  SELECT e, d, cp, an, p, sum(n), sum(q), sum(cv), sum(r) FROM v
   GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(q) <> 0 OR sum(cv) <> 0 OR sum(r) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (id_empresa_fk, dia, campanha, anuncio_id, plataforma) DO UPDATE
    SET leads = r.leads + EXCLUDED.leads, qualificados = r.qualificados + EXCLUDED.qualificados,
        conversoes = r.conversoes + EXCLUDED.conversoes, receita = r.receita + EXCLUDED.receita;

  -- 2. the platform's company figures (0029)
  PERFORM empresas_resumo_aplicar_leads(coalesce(jsonb_agg(jsonb_build_object('e', e, 'm', m, 'n', n, 'q', q, 'c', c)), '[]'))
     FROM (SELECT e, m, sum(n) AS n, sum(q) AS q, sum(c) AS c FROM (
             SELECT id_empresa_fk AS e, date_trunc('month', leads_dia_sp(created_at))::date AS m, 1 AS n,
                    crm_status_qualificado(status_lead) AS q, crm_status_convertido(status_lead) AS c FROM novos
             UNION ALL
             SELECT id_empresa_fk, date_trunc('month', leads_dia_sp(created_at))::date, -1,
                    -crm_status_qualificado(status_lead), -crm_status_convertido(status_lead) FROM velhos) v
            GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(q) <> 0 OR sum(c) <> 0) g;

  -- 3. /financeiro per campaign (0041): leads and the recoverable value of a campaign's leads
  WITH v AS (
    SELECT id_empresa_fk AS e, campanha_origem AS cp, leads_dia_sp(created_at) AS d, origem_lead AS o,
           financas_consultor(consultor_atribuido_id) AS c, 1 AS n, coalesce((valor_contrato_fechado > 0)::int, 0) AS cv,
           coalesce(valor_contrato_fechado, 0) AS r FROM novos WHERE campanha_origem IS NOT NULL
    UNION ALL
    SELECT id_empresa_fk, campanha_origem, leads_dia_sp(created_at), origem_lead, financas_consultor(consultor_atribuido_id), -1,
           -coalesce((valor_contrato_fechado > 0)::int, 0), -coalesce(valor_contrato_fechado, 0) FROM velhos WHERE campanha_origem IS NOT NULL),
  dia AS (
    INSERT INTO financas_campanha_dia AS f (id_empresa_fk, campanha, dia, leads, convertidos, receita)
    SELECT e, cp, d, sum(n), sum(cv), sum(r) FROM v
     GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(cv) <> 0 OR sum(r) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (id_empresa_fk, campanha, dia) DO UPDATE
      SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita),
  diaria AS (
    INSERT INTO financas_campanha_diaria AS f (id_empresa_fk, campanha, dia, origem_lead, consultor_id, leads, convertidos, receita)
    SELECT e, cp, d, o, c, sum(n), sum(cv), sum(r) FROM v
     GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(cv) <> 0 OR sum(r) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (id_empresa_fk, campanha, dia, origem_lead, consultor_id) DO UPDATE
      SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita)
  INSERT INTO financas_campanha_mensal AS f (id_empresa_fk, campanha, mes, origem_lead, consultor_id, leads, convertidos, receita)
  SELECT e, cp, date_trunc('month', d)::date, o, c, sum(n), sum(cv), sum(r) FROM v
   GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(cv) <> 0 OR sum(r) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (id_empresa_fk, campanha, mes, origem_lead, consultor_id) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita;
  INSERT INTO financas_recuperavel_campanha_dia AS f (id_empresa_fk, campanha, dia, faixa, leads, sobrepago_total_centavos,
                                                      sobrepago_ate_agora_centavos)
  SELECT e, cp, d, fx, sum(n), sum(t), sum(a)
    FROM leads_recuperavel_contribuicoes((SELECT array_agg(n::leads_juros_check) FROM novos n), (SELECT array_agg(o::leads_juros_check) FROM velhos o))
   WHERE cp IS NOT NULL
   GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(t) <> 0 OR sum(a) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (id_empresa_fk, campanha, dia, faixa) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, sobrepago_total_centavos = f.sobrepago_total_centavos + EXCLUDED.sobrepago_total_centavos,
        sobrepago_ate_agora_centavos = f.sobrepago_ate_agora_centavos + EXCLUDED.sobrepago_ate_agora_centavos;

  -- 4. /financeiro (0017): day × origin × consultant, and per day and origin, per day and consultant
  WITH v AS (
    SELECT id_empresa_fk AS e, leads_dia_sp(created_at) AS d, origem_lead AS o, financas_consultor(consultor_atribuido_id) AS c,
           1 AS n, coalesce((valor_contrato_fechado > 0)::int, 0) AS cv, coalesce(valor_contrato_fechado, 0) AS r FROM novos
    UNION ALL
    SELECT id_empresa_fk, leads_dia_sp(created_at), origem_lead, financas_consultor(consultor_atribuido_id),
           -1, -coalesce((valor_contrato_fechado > 0)::int, 0), -coalesce(valor_contrato_fechado, 0) FROM velhos),
  por_origem AS (
    INSERT INTO financas_leads_dia_origem AS f (id_empresa_fk, origem_lead, dia, leads, convertidos, receita)
    SELECT e, o, d, sum(n), sum(cv), sum(r) FROM v
     GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(cv) <> 0 OR sum(r) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (id_empresa_fk, origem_lead, dia) DO UPDATE
      SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita),
  por_consultor AS (
    INSERT INTO financas_leads_dia_consultor AS f (id_empresa_fk, consultor_id, dia, leads, convertidos, receita)
    SELECT e, c, d, sum(n), sum(cv), sum(r) FROM v
     GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(cv) <> 0 OR sum(r) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (id_empresa_fk, consultor_id, dia) DO UPDATE
      SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita)
  INSERT INTO financas_leads_diaria AS f (id_empresa_fk, dia, origem_lead, consultor_id, leads, convertidos, receita)
  SELECT e, d, o, c, sum(n), sum(cv), sum(r) FROM v
   GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(cv) <> 0 OR sum(r) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (id_empresa_fk, dia, origem_lead, consultor_id) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita;

  -- 5. the recoverable value (0028, 0030) per day × origin × consultant × band and per filter
  WITH v AS (SELECT * FROM leads_recuperavel_contribuicoes((SELECT array_agg(n::leads_juros_check) FROM novos n),
                                                          (SELECT array_agg(o::leads_juros_check) FROM velhos o))),
  detalhe AS (
    INSERT INTO financas_recuperavel_diaria AS f (id_empresa_fk, dia, origem_lead, consultor_id, faixa, leads,
                                                  sobrepago_total_centavos, sobrepago_ate_agora_centavos)
    SELECT e, d, o, c, fx, sum(n), sum(t), sum(a) FROM v
     GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(t) <> 0 OR sum(a) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (id_empresa_fk, dia, origem_lead, consultor_id, faixa) DO UPDATE
      SET leads = f.leads + EXCLUDED.leads, sobrepago_total_centavos = f.sobrepago_total_centavos + EXCLUDED.sobrepago_total_centavos,
          sobrepago_ate_agora_centavos = f.sobrepago_ate_agora_centavos + EXCLUDED.sobrepago_ate_agora_centavos),
  por_origem AS (
    INSERT INTO financas_recuperavel_dia_origem AS f (id_empresa_fk, origem_lead, dia, faixa, leads,
                                                      sobrepago_total_centavos, sobrepago_ate_agora_centavos)
    SELECT e, o, d, fx, sum(n), sum(t), sum(a) FROM v
     GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(t) <> 0 OR sum(a) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (id_empresa_fk, origem_lead, dia, faixa) DO UPDATE
      SET leads = f.leads + EXCLUDED.leads, sobrepago_total_centavos = f.sobrepago_total_centavos + EXCLUDED.sobrepago_total_centavos,
          sobrepago_ate_agora_centavos = f.sobrepago_ate_agora_centavos + EXCLUDED.sobrepago_ate_agora_centavos)
  INSERT INTO financas_recuperavel_dia_consultor AS f (id_empresa_fk, consultor_id, dia, faixa, leads,
                                                       sobrepago_total_centavos, sobrepago_ate_agora_centavos)
  SELECT e, c, d, fx, sum(n), sum(t), sum(a) FROM v
   GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(t) <> 0 OR sum(a) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (id_empresa_fk, consultor_id, dia, faixa) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, sobrepago_total_centavos = f.sobrepago_total_centavos + EXCLUDED.sobrepago_total_centavos,
        sobrepago_ate_agora_centavos = f.sobrepago_ate_agora_centavos + EXCLUDED.sobrepago_ate_agora_centavos;

  -- 6. /leads counters and the dashboard (0010, 0304)
  INSERT INTO leads_contagem_diaria AS c (id_empresa_fk, dia, status_lead, n)
  SELECT e, d, s, sum(n) FROM (
      SELECT id_empresa_fk AS e, leads_dia_sp(created_at) AS d, status_lead AS s, 1 AS n FROM novos
      UNION ALL SELECT id_empresa_fk, leads_dia_sp(created_at), status_lead, -1 FROM velhos) v
   GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (id_empresa_fk, dia, status_lead) DO UPDATE SET n = c.n + EXCLUDED.n;
  -- 7. legal processes (0027): the per-status and per-month figures, then each process's signals in lead order
  PERFORM processos_resumo_aplicar(coalesce(jsonb_agg(jsonb_build_object('e', e, 's', s, 'n', n, 'v', v, 'm', m)), '[]'))
     FROM (SELECT e, s, m, sum(n) AS n, sum(v) AS v FROM (
             SELECT id_empresa_fk AS e, coalesce(status_juridico_lead, 'Aguardando Contato Jurídico') AS s,
                    processos_mes_sp(convertido_em) AS m, 1 AS n, coalesce(valor_contrato_fechado, 0) AS v
               FROM novos WHERE status_lead = 'Convertido (Ganho)'
             UNION ALL
             SELECT id_empresa_fk, coalesce(status_juridico_lead, 'Aguardando Contato Jurídico'), processos_mes_sp(convertido_em),
                    -1, -coalesce(valor_contrato_fechado, 0)
               FROM velhos WHERE status_lead = 'Convertido (Ganho)') x
            GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(v) <> 0) g;
  PERFORM processos_sinais_acompanhar(n.id_empresa_fk, n.id, o.id_empresa_fk, o.status_lead, n.status_lead, n.status_juridico_lead,
                                      n.convertido_em)
     FROM novos n JOIN velhos o ON o.id = n.id
    WHERE (o.status_lead = 'Convertido (Ganho)' OR n.status_lead = 'Convertido (Ganho)')
      AND (o.status_lead, o.status_juridico_lead, o.convertido_em, o.id_empresa_fk)
          IS DISTINCT FROM (n.status_lead, n.status_juridico_lead, n.convertido_em, n.id_empresa_fk)
    ORDER BY n.id_empresa_fk, n.id;
  RETURN NULL;
END $$;

-- the recoverable value's contributions of the new rows (+1) and the old ones (-1), as 0028's trigger counts them
CREATE FUNCTION leads_recuperavel_contribuicoes(novos leads_juros_check[], velhos leads_juros_check[])
RETURNS TABLE (e uuid, cp text, d date, o text, c uuid, fx text, n int, t bigint, a bigint) LANGUAGE sql STABLE AS $$
  SELECT l.id_empresa_fk, l.campanha_origem, leads_dia_sp(l.created_at), l.origem_lead, financas_consultor(l.consultor_atribuido_id),
         coalesce(l.revisional_faixa, 'sem_faixa'), s.sinal, s.sinal * l.revisional_sobrepago_centavos,
         s.sinal * financas_sobrepago_ate_agora(l.revisional_sobrepago_centavos, l.quantidade_parcelas, l.quantidade_parcelas_pagas)
    FROM (SELECT 1 AS sinal, u FROM unnest(novos) u UNION ALL SELECT -1, u FROM unnest(velhos) u) s, LATERAL (SELECT (s.u).*) l
   WHERE l.revisional_sobrepago_centavos IS NOT NULL AND financas_pipeline_aberto(l.status_lead)
$$;

-- one process's signals row as 0027's row trigger kept it: written when the lead converts, moved while it stays
-- converted, removed when it leaves
CREATE FUNCTION processos_sinais_acompanhar(e uuid, lead uuid, e_antes uuid, status_antes text, status text, juridico text,
                                            convertido timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF status = 'Convertido (Ganho)' THEN
    IF status_antes = 'Convertido (Ganho)' AND e_antes = e THEN
      UPDATE processos_sinais SET status_juridico_lead = coalesce(juridico, 'Aguardando Contato Jurídico'), convertido_em = convertido
       WHERE id_empresa_fk = e AND id_lead_fk = lead;
    ELSE
      PERFORM processos_sinais_gravar(e, lead, juridico, convertido);
    END IF;
  ELSIF status_antes = 'Convertido (Ganho)' THEN
    DELETE FROM processos_sinais WHERE id_empresa_fk = e_antes AND id_lead_fk = lead;
  END IF;
END $$;

DROP TRIGGER leads_contagem_mover ON leads_juros_check;
DROP TRIGGER empresas_resumo_mover ON leads_juros_check;
DROP TRIGGER financas_mover ON leads_juros_check;
DROP TRIGGER financas_recuperavel_mudar ON leads_juros_check;
DROP TRIGGER campanhas_mover ON leads_juros_check;
DROP TRIGGER financas_campanha_mover ON leads_juros_check;
DROP TRIGGER processos_mover ON leads_juros_check;
DROP FUNCTION leads_contagem_apos_mover();
DROP FUNCTION empresas_resumo_apos_mover();
DROP FUNCTION financas_apos_mover();
DROP FUNCTION campanhas_apos_mover();
DROP FUNCTION financas_campanha_mover();
DROP FUNCTION processos_apos_mover();

CREATE TRIGGER leads_resumos_mudar AFTER UPDATE ON leads_juros_check
  REFERENCING OLD TABLE AS velhos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION leads_resumos_apos_mudar();
