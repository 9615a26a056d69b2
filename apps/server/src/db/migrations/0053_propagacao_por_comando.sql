-- Decision 1731: the day summaries passed their changes up to the month (and day-total) summaries with a row trigger
-- each (0022, 0028, 0042): a statement that upserted several day rows locked them and their month rows interleaved,
-- in the day rows' order, so two transactions touching two days of the same month locked day, month, day in opposite
-- orders and deadlocked (the remaining 40P01 of the concurrent-writers test, on bulk deletes). Now each day summary
-- passes its changes up once per statement, from its transition tables, summed per key and written in key order,
-- after all of the statement's day rows: every writer locks day rows (sorted), then the rows above them (sorted).
-- A transition table exists only for its own event, so each function has one branch per event.

-- leads_contagem_diaria → leads_contagem_mensal
DROP TRIGGER leads_contagem_mensal_acompanhar ON leads_contagem_diaria;
CREATE FUNCTION leads_contagem_mensal_comando() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO leads_contagem_mensal AS c (id_empresa_fk, mes, status_lead, n)
    SELECT id_empresa_fk, date_trunc('month', dia)::date, status_lead, sum(n) FROM novas
     GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (id_empresa_fk, mes, status_lead) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO leads_contagem_mensal AS c (id_empresa_fk, mes, status_lead, n)
    SELECT id_empresa_fk, date_trunc('month', dia)::date, status_lead, sum(n)
      FROM (SELECT id_empresa_fk, dia, status_lead, n FROM novas
            UNION ALL SELECT id_empresa_fk, dia, status_lead, -n FROM velhas) d
     GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (id_empresa_fk, mes, status_lead) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    INSERT INTO leads_contagem_mensal AS c (id_empresa_fk, mes, status_lead, n)
    SELECT id_empresa_fk, date_trunc('month', dia)::date, status_lead, -sum(n) FROM velhas
     GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (id_empresa_fk, mes, status_lead) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER leads_contagem_mensal_inserir AFTER INSERT ON leads_contagem_diaria REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION leads_contagem_mensal_comando();
CREATE TRIGGER leads_contagem_mensal_mudar AFTER UPDATE ON leads_contagem_diaria
  REFERENCING OLD TABLE AS velhas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION leads_contagem_mensal_comando();
CREATE TRIGGER leads_contagem_mensal_excluir AFTER DELETE ON leads_contagem_diaria REFERENCING OLD TABLE AS velhas
  FOR EACH STATEMENT EXECUTE FUNCTION leads_contagem_mensal_comando();
DROP FUNCTION leads_contagem_mensal_acompanhar();

-- financas_leads_diaria → financas_leads_dia, then financas_leads_mensal (rows only inserted or updated)
DROP TRIGGER financas_propagar ON financas_leads_diaria;
CREATE FUNCTION financas_propagar_comando() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO financas_leads_dia AS f (id_empresa_fk, dia, leads, convertidos, receita)
    SELECT id_empresa_fk, dia, sum(leads), sum(convertidos), sum(receita) FROM novas
     GROUP BY 1, 2 HAVING sum(leads) <> 0 OR sum(convertidos) <> 0 OR sum(receita) <> 0 ORDER BY 1, 2
    ON CONFLICT (id_empresa_fk, dia) DO UPDATE
      SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita;
    INSERT INTO financas_leads_mensal AS f (id_empresa_fk, mes, origem_lead, consultor_id, leads, convertidos, receita)
    SELECT id_empresa_fk, date_trunc('month', dia)::date, origem_lead, consultor_id, sum(leads), sum(convertidos), sum(receita)
      FROM novas
     GROUP BY 1, 2, 3, 4 HAVING sum(leads) <> 0 OR sum(convertidos) <> 0 OR sum(receita) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (id_empresa_fk, mes, origem_lead, consultor_id) DO UPDATE
      SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita;
  ELSE
    INSERT INTO financas_leads_dia AS f (id_empresa_fk, dia, leads, convertidos, receita)
    SELECT id_empresa_fk, dia, sum(leads), sum(convertidos), sum(receita)
      FROM (SELECT id_empresa_fk, dia, leads, convertidos, receita FROM novas
            UNION ALL SELECT id_empresa_fk, dia, -leads, -convertidos, -receita FROM velhas) d
     GROUP BY 1, 2 HAVING sum(leads) <> 0 OR sum(convertidos) <> 0 OR sum(receita) <> 0 ORDER BY 1, 2
    ON CONFLICT (id_empresa_fk, dia) DO UPDATE
      SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita;
    INSERT INTO financas_leads_mensal AS f (id_empresa_fk, mes, origem_lead, consultor_id, leads, convertidos, receita)
    SELECT id_empresa_fk, date_trunc('month', dia)::date, origem_lead, consultor_id, sum(leads), sum(convertidos), sum(receita)
      FROM (SELECT id_empresa_fk, dia, origem_lead, consultor_id, leads, convertidos, receita FROM novas
            UNION ALL SELECT id_empresa_fk, dia, origem_lead, consultor_id, -leads, -convertidos, -receita FROM velhas) d
     GROUP BY 1, 2, 3, 4 HAVING sum(leads) <> 0 OR sum(convertidos) <> 0 OR sum(receita) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (id_empresa_fk, mes, origem_lead, consultor_id) DO UPDATE
      SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER financas_propagar_inserir AFTER INSERT ON financas_leads_diaria REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION financas_propagar_comando();
CREATE TRIGGER financas_propagar_mudar AFTER UPDATE ON financas_leads_diaria
  REFERENCING OLD TABLE AS velhas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION financas_propagar_comando();
DROP FUNCTION financas_propagar();

-- financas_recuperavel_diaria → financas_recuperavel_dia → financas_recuperavel_mensal (rows only inserted or updated)
DROP TRIGGER financas_recuperavel_propagar ON financas_recuperavel_diaria;
DROP TRIGGER financas_recuperavel_mensal_propagar ON financas_recuperavel_dia;
CREATE FUNCTION financas_recuperavel_propagar_comando() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: 'dia' passes a detailed row's changes to the day × band total, 'mes' a day total's to the month's
  IF TG_ARGV[0] = 'dia' AND TG_OP = 'INSERT' THEN
    INSERT INTO financas_recuperavel_dia AS f (id_empresa_fk, dia, faixa, leads, sobrepago_total_centavos, sobrepago_ate_agora_centavos)
    SELECT id_empresa_fk, dia, faixa, sum(leads), sum(sobrepago_total_centavos), sum(sobrepago_ate_agora_centavos) FROM novas
     GROUP BY 1, 2, 3 HAVING sum(leads) <> 0 OR sum(sobrepago_total_centavos) <> 0 OR sum(sobrepago_ate_agora_centavos) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (id_empresa_fk, dia, faixa) DO UPDATE
      SET leads = f.leads + EXCLUDED.leads, sobrepago_total_centavos = f.sobrepago_total_centavos + EXCLUDED.sobrepago_total_centavos,
          sobrepago_ate_agora_centavos = f.sobrepago_ate_agora_centavos + EXCLUDED.sobrepago_ate_agora_centavos;
  ELSIF TG_ARGV[0] = 'dia' THEN
    INSERT INTO financas_recuperavel_dia AS f (id_empresa_fk, dia, faixa, leads, sobrepago_total_centavos, sobrepago_ate_agora_centavos)
    SELECT id_empresa_fk, dia, faixa, sum(leads), sum(sobrepago_total_centavos), sum(sobrepago_ate_agora_centavos)
      FROM (SELECT id_empresa_fk, dia, faixa, leads, sobrepago_total_centavos, sobrepago_ate_agora_centavos FROM novas
            UNION ALL SELECT id_empresa_fk, dia, faixa, -leads, -sobrepago_total_centavos, -sobrepago_ate_agora_centavos FROM velhas) d
     GROUP BY 1, 2, 3 HAVING sum(leads) <> 0 OR sum(sobrepago_total_centavos) <> 0 OR sum(sobrepago_ate_agora_centavos) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (id_empresa_fk, dia, faixa) DO UPDATE
      SET leads = f.leads + EXCLUDED.leads, sobrepago_total_centavos = f.sobrepago_total_centavos + EXCLUDED.sobrepago_total_centavos,
          sobrepago_ate_agora_centavos = f.sobrepago_ate_agora_centavos + EXCLUDED.sobrepago_ate_agora_centavos;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO financas_recuperavel_mensal AS f (id_empresa_fk, mes, faixa, leads, sobrepago_total_centavos, sobrepago_ate_agora_centavos)
    SELECT id_empresa_fk, date_trunc('month', dia)::date, faixa, sum(leads), sum(sobrepago_total_centavos), sum(sobrepago_ate_agora_centavos)
      FROM novas
     GROUP BY 1, 2, 3 HAVING sum(leads) <> 0 OR sum(sobrepago_total_centavos) <> 0 OR sum(sobrepago_ate_agora_centavos) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (id_empresa_fk, mes, faixa) DO UPDATE
      SET leads = f.leads + EXCLUDED.leads, sobrepago_total_centavos = f.sobrepago_total_centavos + EXCLUDED.sobrepago_total_centavos,
          sobrepago_ate_agora_centavos = f.sobrepago_ate_agora_centavos + EXCLUDED.sobrepago_ate_agora_centavos;
  ELSE
    INSERT INTO financas_recuperavel_mensal AS f (id_empresa_fk, mes, faixa, leads, sobrepago_total_centavos, sobrepago_ate_agora_centavos)
    SELECT id_empresa_fk, date_trunc('month', dia)::date, faixa, sum(leads), sum(sobrepago_total_centavos), sum(sobrepago_ate_agora_centavos)
      FROM (SELECT id_empresa_fk, dia, faixa, leads, sobrepago_total_centavos, sobrepago_ate_agora_centavos FROM novas
            UNION ALL SELECT id_empresa_fk, dia, faixa, -leads, -sobrepago_total_centavos, -sobrepago_ate_agora_centavos FROM velhas) d
     GROUP BY 1, 2, 3 HAVING sum(leads) <> 0 OR sum(sobrepago_total_centavos) <> 0 OR sum(sobrepago_ate_agora_centavos) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (id_empresa_fk, mes, faixa) DO UPDATE
      SET leads = f.leads + EXCLUDED.leads, sobrepago_total_centavos = f.sobrepago_total_centavos + EXCLUDED.sobrepago_total_centavos,
          sobrepago_ate_agora_centavos = f.sobrepago_ate_agora_centavos + EXCLUDED.sobrepago_ate_agora_centavos;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER financas_recuperavel_propagar_inserir AFTER INSERT ON financas_recuperavel_diaria REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION financas_recuperavel_propagar_comando('dia');
CREATE TRIGGER financas_recuperavel_propagar_mudar AFTER UPDATE ON financas_recuperavel_diaria
  REFERENCING OLD TABLE AS velhas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION financas_recuperavel_propagar_comando('dia');
CREATE TRIGGER financas_recuperavel_mensal_propagar_inserir AFTER INSERT ON financas_recuperavel_dia REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION financas_recuperavel_propagar_comando('mes');
CREATE TRIGGER financas_recuperavel_mensal_propagar_mudar AFTER UPDATE ON financas_recuperavel_dia
  REFERENCING OLD TABLE AS velhas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION financas_recuperavel_propagar_comando('mes');
DROP FUNCTION financas_recuperavel_propagar();
DROP FUNCTION financas_recuperavel_mensal_propagar();
