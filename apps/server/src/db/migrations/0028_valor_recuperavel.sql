-- Two parts: /financeiro's 'Valor recuperável estimado' (issue 14 part 4, docs/decisions/1404-recoverable-value.md): the estimated
-- overpayment of the period's open pipeline leads with a computed pre-analysis, by band. The pre-analysis lives on
-- the lead as a cache the revisional job writes (0026, decision 1403); this per-day summary (São Paulo day of
-- arrival × origin × consultant × band) is kept exact by the database in the same transaction as any change of a
-- lead's contribution, as financas_leads_diaria (0019) is, so the card reads a few hundred rows instead of a
-- 200k-lead company's rows. Decision 1204 names the speed goals.

-- the statuses that have left the pipeline (converted, lost, not interested): @crm/domain/revisional/recoverable.ts
-- STATUS_FORA_DO_PIPELINE, compared by a test
CREATE FUNCTION financas_pipeline_aberto(s text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT s IS NULL OR s <> ALL (ARRAY['Convertido', 'Convertido (Ganho)', 'Processo Jurídico', 'Perdido',
                                      'Desqualificado / Perdido', 'Não Interessado'])
$$;

-- overpaid so far = the excess per installment × installments paid; the cache keeps excess × term (decision 1401),
-- so the excess is that ÷ term, an exact division in whole cents while the cache is current
CREATE FUNCTION financas_sobrepago_ate_agora(total bigint, prazo int, pagas int) RETURNS bigint LANGUAGE sql
  IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN total IS NULL OR prazo IS NULL OR prazo <= 0 OR pagas IS NULL THEN 0
              ELSE total / prazo * least(pagas, prazo) END
$$;

CREATE TABLE financas_recuperavel_diaria (
  id_empresa_fk uuid NOT NULL,
  dia date NOT NULL,
  origem_lead text NOT NULL,
  consultor_id uuid NOT NULL,
  -- @crm/domain/revisional/bands FAIXAS_RAZAO ('sem_faixa' when the reference rate is 0)
  faixa text NOT NULL,
  leads integer NOT NULL,
  sobrepago_total_centavos bigint NOT NULL,
  sobrepago_ate_agora_centavos bigint NOT NULL,
  PRIMARY KEY (id_empresa_fk, dia, origem_lead, consultor_id, faixa)
);
ALTER TABLE financas_recuperavel_diaria ENABLE ROW LEVEL SECURITY;
ALTER TABLE financas_recuperavel_diaria FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON financas_recuperavel_diaria
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON financas_recuperavel_diaria TO crm_app;

-- One statement-level trigger per operation, with transition tables: an insert of a 155k-row import, the revisional
-- job's 5,000-lead batch and a status change are one grouped upsert each. An update that moves no contribution (the
-- frequent ones: last message, notes) nets to zero per key and writes nothing. Keys in order: concurrent writers of
-- one company lock the summary rows in the same order (as 0010, 0019).
CREATE FUNCTION financas_recuperavel_somar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO financas_recuperavel_diaria AS f (id_empresa_fk, dia, origem_lead, consultor_id, faixa, leads,
                                                  sobrepago_total_centavos, sobrepago_ate_agora_centavos)
    SELECT id_empresa_fk, leads_dia_sp(created_at), origem_lead, financas_consultor(consultor_atribuido_id),
           coalesce(revisional_faixa, 'sem_faixa'), count(*), sum(revisional_sobrepago_centavos),
           sum(financas_sobrepago_ate_agora(revisional_sobrepago_centavos, quantidade_parcelas, quantidade_parcelas_pagas))
      FROM novos WHERE revisional_sobrepago_centavos IS NOT NULL AND financas_pipeline_aberto(status_lead)
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (id_empresa_fk, dia, origem_lead, consultor_id, faixa) DO UPDATE
      SET leads = f.leads + EXCLUDED.leads, sobrepago_total_centavos = f.sobrepago_total_centavos + EXCLUDED.sobrepago_total_centavos,
          sobrepago_ate_agora_centavos = f.sobrepago_ate_agora_centavos + EXCLUDED.sobrepago_ate_agora_centavos;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO financas_recuperavel_diaria AS f (id_empresa_fk, dia, origem_lead, consultor_id, faixa, leads,
                                                  sobrepago_total_centavos, sobrepago_ate_agora_centavos)
    SELECT id_empresa_fk, leads_dia_sp(created_at), origem_lead, financas_consultor(consultor_atribuido_id),
           coalesce(revisional_faixa, 'sem_faixa'), -count(*), -sum(revisional_sobrepago_centavos),
           -sum(financas_sobrepago_ate_agora(revisional_sobrepago_centavos, quantidade_parcelas, quantidade_parcelas_pagas))
      FROM velhos WHERE revisional_sobrepago_centavos IS NOT NULL AND financas_pipeline_aberto(status_lead)
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (id_empresa_fk, dia, origem_lead, consultor_id, faixa) DO UPDATE
      SET leads = f.leads + EXCLUDED.leads, sobrepago_total_centavos = f.sobrepago_total_centavos + EXCLUDED.sobrepago_total_centavos,
          sobrepago_ate_agora_centavos = f.sobrepago_ate_agora_centavos + EXCLUDED.sobrepago_ate_agora_centavos;
  ELSE
    INSERT INTO financas_recuperavel_diaria AS f (id_empresa_fk, dia, origem_lead, consultor_id, faixa, leads,
                                                  sobrepago_total_centavos, sobrepago_ate_agora_centavos)
    SELECT e, d, o, c, fx, sum(n)::int, sum(t), sum(a) FROM (
        SELECT id_empresa_fk AS e, leads_dia_sp(created_at) AS d, origem_lead AS o,
               financas_consultor(consultor_atribuido_id) AS c, coalesce(revisional_faixa, 'sem_faixa') AS fx, 1 AS n,
               revisional_sobrepago_centavos AS t,
               financas_sobrepago_ate_agora(revisional_sobrepago_centavos, quantidade_parcelas, quantidade_parcelas_pagas) AS a
          FROM novos WHERE revisional_sobrepago_centavos IS NOT NULL AND financas_pipeline_aberto(status_lead)
        UNION ALL
        SELECT id_empresa_fk, leads_dia_sp(created_at), origem_lead, financas_consultor(consultor_atribuido_id),
               coalesce(revisional_faixa, 'sem_faixa'), -1, -revisional_sobrepago_centavos,
               -financas_sobrepago_ate_agora(revisional_sobrepago_centavos, quantidade_parcelas, quantidade_parcelas_pagas)
          FROM velhos WHERE revisional_sobrepago_centavos IS NOT NULL AND financas_pipeline_aberto(status_lead)
      ) v
     GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(t) <> 0 OR sum(a) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (id_empresa_fk, dia, origem_lead, consultor_id, faixa) DO UPDATE
      SET leads = f.leads + EXCLUDED.leads, sobrepago_total_centavos = f.sobrepago_total_centavos + EXCLUDED.sobrepago_total_centavos,
          sobrepago_ate_agora_centavos = f.sobrepago_ate_agora_centavos + EXCLUDED.sobrepago_ate_agora_centavos;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER financas_recuperavel_inserir AFTER INSERT ON leads_juros_check
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION financas_recuperavel_somar();
CREATE TRIGGER financas_recuperavel_excluir AFTER DELETE ON leads_juros_check
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT EXECUTE FUNCTION financas_recuperavel_somar();
CREATE TRIGGER financas_recuperavel_mudar AFTER UPDATE ON leads_juros_check
  REFERENCING OLD TABLE AS velhos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION financas_recuperavel_somar();

-- the leads already there, as a named system task (RLS is forced: an owner that is not a superuser sees no lead)
SELECT set_config('app.papel', 'sistema', true);
INSERT INTO financas_recuperavel_diaria (id_empresa_fk, dia, origem_lead, consultor_id, faixa, leads,
                                         sobrepago_total_centavos, sobrepago_ate_agora_centavos)
SELECT id_empresa_fk, leads_dia_sp(created_at), origem_lead, financas_consultor(consultor_atribuido_id),
       coalesce(revisional_faixa, 'sem_faixa'), count(*), sum(revisional_sobrepago_centavos),
       sum(financas_sobrepago_ate_agora(revisional_sobrepago_centavos, quantidade_parcelas, quantidade_parcelas_pagas))
  FROM leads_juros_check WHERE revisional_sobrepago_centavos IS NOT NULL AND financas_pipeline_aberto(status_lead)
 GROUP BY 1, 2, 3, 4, 5;
SELECT set_config('app.papel', '', true);

-- /financeiro at 200k leads (decision 1204): the per-day summary of 0019 has a row per day × origin × consultant —
-- ~46k rows a year for a busy company, close to one per lead in a small one — and summing it four ways was most of a
-- 'Total' request. Two coarser summaries, kept from it by a row trigger (each change of a 0019 row adds its delta):
-- per day alone (the KPIs of both periods and the trend) and per month × origin × consultant (the pies and the
-- ranking over whole months; the loose days at a period's ends still come from 0019). Filters by origin or consultant
-- read 0019 through the two indexes below.
CREATE TABLE financas_leads_dia (
  id_empresa_fk uuid NOT NULL,
  dia date NOT NULL,
  leads integer NOT NULL,
  convertidos integer NOT NULL,
  receita numeric(16,2) NOT NULL,
  PRIMARY KEY (id_empresa_fk, dia)
);
CREATE TABLE financas_leads_mensal (
  id_empresa_fk uuid NOT NULL,
  mes date NOT NULL,
  origem_lead text NOT NULL,
  consultor_id uuid NOT NULL,
  leads integer NOT NULL,
  convertidos integer NOT NULL,
  receita numeric(16,2) NOT NULL,
  PRIMARY KEY (id_empresa_fk, mes, origem_lead, consultor_id)
);
ALTER TABLE financas_leads_dia ENABLE ROW LEVEL SECURITY;
ALTER TABLE financas_leads_dia FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON financas_leads_dia
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON financas_leads_dia TO crm_app;
ALTER TABLE financas_leads_mensal ENABLE ROW LEVEL SECURITY;
ALTER TABLE financas_leads_mensal FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON financas_leads_mensal
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON financas_leads_mensal TO crm_app;

-- 0019's rows are only inserted or updated (its triggers upsert deltas); in key order, as they are
CREATE FUNCTION financas_propagar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n int := NEW.leads - CASE WHEN TG_OP = 'UPDATE' THEN OLD.leads ELSE 0 END;
  cv int := NEW.convertidos - CASE WHEN TG_OP = 'UPDATE' THEN OLD.convertidos ELSE 0 END;
  r numeric := NEW.receita - CASE WHEN TG_OP = 'UPDATE' THEN OLD.receita ELSE 0 END;
BEGIN
  IF n = 0 AND cv = 0 AND r = 0 THEN RETURN NULL; END IF;
  INSERT INTO financas_leads_dia AS f (id_empresa_fk, dia, leads, convertidos, receita)
  VALUES (NEW.id_empresa_fk, NEW.dia, n, cv, r)
  ON CONFLICT (id_empresa_fk, dia) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita;
  INSERT INTO financas_leads_mensal AS f (id_empresa_fk, mes, origem_lead, consultor_id, leads, convertidos, receita)
  VALUES (NEW.id_empresa_fk, date_trunc('month', NEW.dia)::date, NEW.origem_lead, NEW.consultor_id, n, cv, r)
  ON CONFLICT (id_empresa_fk, mes, origem_lead, consultor_id) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita;
  RETURN NULL;
END $$;
CREATE TRIGGER financas_propagar AFTER INSERT OR UPDATE ON financas_leads_diaria
  FOR EACH ROW EXECUTE FUNCTION financas_propagar();

SELECT set_config('app.papel', 'sistema', true);
INSERT INTO financas_leads_dia (id_empresa_fk, dia, leads, convertidos, receita)
SELECT id_empresa_fk, dia, sum(leads), sum(convertidos), sum(receita) FROM financas_leads_diaria GROUP BY 1, 2;
INSERT INTO financas_leads_mensal (id_empresa_fk, mes, origem_lead, consultor_id, leads, convertidos, receita)
SELECT id_empresa_fk, date_trunc('month', dia)::date, origem_lead, consultor_id, sum(leads), sum(convertidos), sum(receita)
  FROM financas_leads_diaria GROUP BY 1, 2, 3, 4;
SELECT set_config('app.papel', '', true);

CREATE INDEX financas_leads_diaria_consultor_idx ON financas_leads_diaria (id_empresa_fk, consultor_id, dia)
  INCLUDE (origem_lead, leads, convertidos, receita);
CREATE INDEX financas_leads_diaria_origem_idx ON financas_leads_diaria (id_empresa_fk, origem_lead, dia)
  INCLUDE (consultor_id, leads, convertidos, receita);

-- The recoverable value's summary holds a row per day × origin × consultant × band: in a busy company close to one per
-- contributing lead. Without filters the card reads per-day × band totals instead, kept from it by a row trigger (each
-- insert or update of a row above adds its delta), as financas_leads_dia is kept from 0019.
CREATE TABLE financas_recuperavel_dia (
  id_empresa_fk uuid NOT NULL,
  dia date NOT NULL,
  faixa text NOT NULL,
  leads integer NOT NULL,
  sobrepago_total_centavos bigint NOT NULL,
  sobrepago_ate_agora_centavos bigint NOT NULL,
  PRIMARY KEY (id_empresa_fk, dia, faixa)
);
ALTER TABLE financas_recuperavel_dia ENABLE ROW LEVEL SECURITY;
ALTER TABLE financas_recuperavel_dia FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON financas_recuperavel_dia
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON financas_recuperavel_dia TO crm_app;

CREATE FUNCTION financas_recuperavel_propagar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n int := NEW.leads - CASE WHEN TG_OP = 'UPDATE' THEN OLD.leads ELSE 0 END;
  t bigint := NEW.sobrepago_total_centavos - CASE WHEN TG_OP = 'UPDATE' THEN OLD.sobrepago_total_centavos ELSE 0 END;
  a bigint := NEW.sobrepago_ate_agora_centavos - CASE WHEN TG_OP = 'UPDATE' THEN OLD.sobrepago_ate_agora_centavos ELSE 0 END;
BEGIN
  IF n = 0 AND t = 0 AND a = 0 THEN RETURN NULL; END IF;
  INSERT INTO financas_recuperavel_dia AS f (id_empresa_fk, dia, faixa, leads, sobrepago_total_centavos, sobrepago_ate_agora_centavos)
  VALUES (NEW.id_empresa_fk, NEW.dia, NEW.faixa, n, t, a)
  ON CONFLICT (id_empresa_fk, dia, faixa) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, sobrepago_total_centavos = f.sobrepago_total_centavos + EXCLUDED.sobrepago_total_centavos,
        sobrepago_ate_agora_centavos = f.sobrepago_ate_agora_centavos + EXCLUDED.sobrepago_ate_agora_centavos;
  RETURN NULL;
END $$;
CREATE TRIGGER financas_recuperavel_propagar AFTER INSERT OR UPDATE ON financas_recuperavel_diaria
  FOR EACH ROW EXECUTE FUNCTION financas_recuperavel_propagar();

SELECT set_config('app.papel', 'sistema', true);
INSERT INTO financas_recuperavel_dia (id_empresa_fk, dia, faixa, leads, sobrepago_total_centavos, sobrepago_ate_agora_centavos)
SELECT id_empresa_fk, dia, faixa, sum(leads), sum(sobrepago_total_centavos), sum(sobrepago_ate_agora_centavos)
  FROM financas_recuperavel_diaria GROUP BY 1, 2, 3;
SELECT set_config('app.papel', '', true);
