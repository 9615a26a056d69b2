-- Per-campaign and per-ad figures over long periods (decision 1204, session 8): 'Total' summed ~15k campaign-day rows
-- of 0035 and grouped every cost row of the company on each request. As /financeiro does for its totals, the period's
-- whole months come from monthly summaries and the loose days at its ends from the day rows (added, or subtracted
-- from their whole month when that reads fewer days: @crm/domain/period partesMensais). Both summaries are kept exact
-- by the database in the same transaction as the change:
--   campanhas_leads_mensal: 0035's day rows per month; the lead triggers of 0035 now upsert both (the same grouped
--     statement per INSERT/DELETE from the transition table, the same row trigger for the updates that move a count);
--   custos_campanhas_mensal: the costs per month, campaign and ad ('' for none: key columns), by statement triggers
--     with transition tables on custos_marketing, as 0034's per-day cost summary. The loose days of costs are read
--     from the list index (campaign and ad included since 0035: an index-only scan).
CREATE TABLE campanhas_leads_mensal (
  id_empresa_fk uuid NOT NULL,
  mes date NOT NULL,
  campanha text NOT NULL,
  anuncio_id text NOT NULL,
  plataforma text NOT NULL,
  leads integer NOT NULL,
  qualificados integer NOT NULL,
  conversoes integer NOT NULL,
  receita numeric(16,2) NOT NULL,
  PRIMARY KEY (id_empresa_fk, mes, campanha, anuncio_id, plataforma)
);
ALTER TABLE campanhas_leads_mensal ENABLE ROW LEVEL SECURITY;
ALTER TABLE campanhas_leads_mensal FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON campanhas_leads_mensal
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON campanhas_leads_mensal TO crm_app;

CREATE TABLE custos_campanhas_mensal (
  id_empresa_fk uuid NOT NULL,
  mes date NOT NULL,
  campanha text NOT NULL,
  anuncio_id text NOT NULL,
  lancamentos integer NOT NULL,
  valor_gasto numeric(16,2) NOT NULL,
  PRIMARY KEY (id_empresa_fk, mes, campanha, anuncio_id)
);
ALTER TABLE custos_campanhas_mensal ENABLE ROW LEVEL SECURITY;
ALTER TABLE custos_campanhas_mensal FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON custos_campanhas_mensal
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON custos_campanhas_mensal TO crm_app;

-- 0035's functions, each now writing the month's row after the day's (keys in order in both, as before)
CREATE OR REPLACE FUNCTION campanhas_apos_inserir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campanhas_leads_diaria AS r (id_empresa_fk, dia, campanha, anuncio_id, plataforma, leads, qualificados, conversoes, receita)
  SELECT id_empresa_fk, leads_dia_sp(created_at), coalesce(campanha_origem, ''), coalesce(anuncio_id, ''), coalesce(plataforma_anuncio, ''),
         count(*), sum(campanhas_qualificado(status_lead, data_processamento_ia)), sum(crm_status_convertido(status_lead)),
         sum(campanhas_receita(status_lead, valor_contrato_fechado))
    FROM novos GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (id_empresa_fk, dia, campanha, anuncio_id, plataforma) DO UPDATE
    SET leads = r.leads + EXCLUDED.leads, qualificados = r.qualificados + EXCLUDED.qualificados,
        conversoes = r.conversoes + EXCLUDED.conversoes, receita = r.receita + EXCLUDED.receita;
  INSERT INTO campanhas_leads_mensal AS r (id_empresa_fk, mes, campanha, anuncio_id, plataforma, leads, qualificados, conversoes, receita)
  SELECT id_empresa_fk, date_trunc('month', leads_dia_sp(created_at))::date, coalesce(campanha_origem, ''), coalesce(anuncio_id, ''),
         coalesce(plataforma_anuncio, ''), count(*), sum(campanhas_qualificado(status_lead, data_processamento_ia)),
         sum(crm_status_convertido(status_lead)), sum(campanhas_receita(status_lead, valor_contrato_fechado))
    FROM novos GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (id_empresa_fk, mes, campanha, anuncio_id, plataforma) DO UPDATE
    SET leads = r.leads + EXCLUDED.leads, qualificados = r.qualificados + EXCLUDED.qualificados,
        conversoes = r.conversoes + EXCLUDED.conversoes, receita = r.receita + EXCLUDED.receita;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION campanhas_apos_excluir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campanhas_leads_diaria AS r (id_empresa_fk, dia, campanha, anuncio_id, plataforma, leads, qualificados, conversoes, receita)
  SELECT id_empresa_fk, leads_dia_sp(created_at), coalesce(campanha_origem, ''), coalesce(anuncio_id, ''), coalesce(plataforma_anuncio, ''),
         -count(*), -sum(campanhas_qualificado(status_lead, data_processamento_ia)), -sum(crm_status_convertido(status_lead)),
         -sum(campanhas_receita(status_lead, valor_contrato_fechado))
    FROM velhos GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (id_empresa_fk, dia, campanha, anuncio_id, plataforma) DO UPDATE
    SET leads = r.leads + EXCLUDED.leads, qualificados = r.qualificados + EXCLUDED.qualificados,
        conversoes = r.conversoes + EXCLUDED.conversoes, receita = r.receita + EXCLUDED.receita;
  INSERT INTO campanhas_leads_mensal AS r (id_empresa_fk, mes, campanha, anuncio_id, plataforma, leads, qualificados, conversoes, receita)
  SELECT id_empresa_fk, date_trunc('month', leads_dia_sp(created_at))::date, coalesce(campanha_origem, ''), coalesce(anuncio_id, ''),
         coalesce(plataforma_anuncio, ''), -count(*), -sum(campanhas_qualificado(status_lead, data_processamento_ia)),
         -sum(crm_status_convertido(status_lead)), -sum(campanhas_receita(status_lead, valor_contrato_fechado))
    FROM velhos GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (id_empresa_fk, mes, campanha, anuncio_id, plataforma) DO UPDATE
    SET leads = r.leads + EXCLUDED.leads, qualificados = r.qualificados + EXCLUDED.qualificados,
        conversoes = r.conversoes + EXCLUDED.conversoes, receita = r.receita + EXCLUDED.receita;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION campanhas_apos_mover() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campanhas_leads_diaria AS r (id_empresa_fk, dia, campanha, anuncio_id, plataforma, leads, qualificados, conversoes, receita)
  SELECT e, d, c, a, p, sum(n)::int, sum(q)::int, sum(cv)::int, sum(rc) FROM (VALUES
      (OLD.id_empresa_fk, leads_dia_sp(OLD.created_at), coalesce(OLD.campanha_origem, ''), coalesce(OLD.anuncio_id, ''),
       coalesce(OLD.plataforma_anuncio, ''), -1, -campanhas_qualificado(OLD.status_lead, OLD.data_processamento_ia),
       -crm_status_convertido(OLD.status_lead), -campanhas_receita(OLD.status_lead, OLD.valor_contrato_fechado)),
      (NEW.id_empresa_fk, leads_dia_sp(NEW.created_at), coalesce(NEW.campanha_origem, ''), coalesce(NEW.anuncio_id, ''),
       coalesce(NEW.plataforma_anuncio, ''), 1, campanhas_qualificado(NEW.status_lead, NEW.data_processamento_ia),
       crm_status_convertido(NEW.status_lead), campanhas_receita(NEW.status_lead, NEW.valor_contrato_fechado))
    ) v (e, d, c, a, p, n, q, cv, rc)
   GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(q) <> 0 OR sum(cv) <> 0 OR sum(rc) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (id_empresa_fk, dia, campanha, anuncio_id, plataforma) DO UPDATE
    SET leads = r.leads + EXCLUDED.leads, qualificados = r.qualificados + EXCLUDED.qualificados,
        conversoes = r.conversoes + EXCLUDED.conversoes, receita = r.receita + EXCLUDED.receita;
  INSERT INTO campanhas_leads_mensal AS r (id_empresa_fk, mes, campanha, anuncio_id, plataforma, leads, qualificados, conversoes, receita)
  SELECT e, m, c, a, p, sum(n)::int, sum(q)::int, sum(cv)::int, sum(rc) FROM (VALUES
      (OLD.id_empresa_fk, date_trunc('month', leads_dia_sp(OLD.created_at))::date, coalesce(OLD.campanha_origem, ''),
       coalesce(OLD.anuncio_id, ''), coalesce(OLD.plataforma_anuncio, ''), -1,
       -campanhas_qualificado(OLD.status_lead, OLD.data_processamento_ia), -crm_status_convertido(OLD.status_lead),
       -campanhas_receita(OLD.status_lead, OLD.valor_contrato_fechado)),
      (NEW.id_empresa_fk, date_trunc('month', leads_dia_sp(NEW.created_at))::date, coalesce(NEW.campanha_origem, ''),
       coalesce(NEW.anuncio_id, ''), coalesce(NEW.plataforma_anuncio, ''), 1,
       campanhas_qualificado(NEW.status_lead, NEW.data_processamento_ia), crm_status_convertido(NEW.status_lead),
       campanhas_receita(NEW.status_lead, NEW.valor_contrato_fechado))
    ) v (e, m, c, a, p, n, q, cv, rc)
   GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(q) <> 0 OR sum(cv) <> 0 OR sum(rc) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (id_empresa_fk, mes, campanha, anuncio_id, plataforma) DO UPDATE
    SET leads = r.leads + EXCLUDED.leads, qualificados = r.qualificados + EXCLUDED.qualificados,
        conversoes = r.conversoes + EXCLUDED.conversoes, receita = r.receita + EXCLUDED.receita;
  RETURN NULL;
END $$;

CREATE FUNCTION custos_campanhas_apos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO custos_campanhas_mensal AS r (id_empresa_fk, mes, campanha, anuncio_id, lancamentos, valor_gasto)
    SELECT id_empresa_fk, date_trunc('month', data_custo)::date, coalesce(campanha, ''), coalesce(anuncio_id, ''), count(*), sum(valor_gasto)
      FROM novos GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (id_empresa_fk, mes, campanha, anuncio_id) DO UPDATE
      SET lancamentos = r.lancamentos + EXCLUDED.lancamentos, valor_gasto = r.valor_gasto + EXCLUDED.valor_gasto;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO custos_campanhas_mensal AS r (id_empresa_fk, mes, campanha, anuncio_id, lancamentos, valor_gasto)
    SELECT id_empresa_fk, date_trunc('month', data_custo)::date, coalesce(campanha, ''), coalesce(anuncio_id, ''), -count(*), -sum(valor_gasto)
      FROM velhos GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (id_empresa_fk, mes, campanha, anuncio_id) DO UPDATE
      SET lancamentos = r.lancamentos + EXCLUDED.lancamentos, valor_gasto = r.valor_gasto + EXCLUDED.valor_gasto;
  ELSE
    -- an edit that moves no key and no value (impressions, clicks, the account) nets to zero and writes nothing
    INSERT INTO custos_campanhas_mensal AS r (id_empresa_fk, mes, campanha, anuncio_id, lancamentos, valor_gasto)
    SELECT e, m, c, a, sum(n), sum(v) FROM (
        SELECT id_empresa_fk AS e, date_trunc('month', data_custo)::date AS m, coalesce(campanha, '') AS c,
               coalesce(anuncio_id, '') AS a, 1 AS n, valor_gasto AS v FROM novos
        UNION ALL
        SELECT id_empresa_fk, date_trunc('month', data_custo)::date, coalesce(campanha, ''), coalesce(anuncio_id, ''), -1, -valor_gasto
          FROM velhos) v
     GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(v) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (id_empresa_fk, mes, campanha, anuncio_id) DO UPDATE
      SET lancamentos = r.lancamentos + EXCLUDED.lancamentos, valor_gasto = r.valor_gasto + EXCLUDED.valor_gasto;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER custos_campanhas_inserir AFTER INSERT ON custos_marketing
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION custos_campanhas_apos();
CREATE TRIGGER custos_campanhas_excluir AFTER DELETE ON custos_marketing
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT EXECUTE FUNCTION custos_campanhas_apos();
CREATE TRIGGER custos_campanhas_alterar AFTER UPDATE ON custos_marketing
  REFERENCING OLD TABLE AS velhos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION custos_campanhas_apos();

-- the rows already there, as a named system task (RLS is forced: an owner that is not a superuser sees nothing)
SELECT set_config('app.papel', 'sistema', true);
INSERT INTO campanhas_leads_mensal (id_empresa_fk, mes, campanha, anuncio_id, plataforma, leads, qualificados, conversoes, receita)
SELECT id_empresa_fk, date_trunc('month', dia)::date, campanha, anuncio_id, plataforma, sum(leads), sum(qualificados), sum(conversoes),
       sum(receita)
  FROM campanhas_leads_diaria GROUP BY 1, 2, 3, 4, 5;
INSERT INTO custos_campanhas_mensal (id_empresa_fk, mes, campanha, anuncio_id, lancamentos, valor_gasto)
SELECT id_empresa_fk, date_trunc('month', data_custo)::date, coalesce(campanha, ''), coalesce(anuncio_id, ''), count(*), sum(valor_gasto)
  FROM custos_marketing GROUP BY 1, 2, 3, 4;
SELECT set_config('app.papel', '', true);

-- /financeiro with an origin or a consultant filter (decision 1204, session 8) summed 0019's day × origin × consultant
-- rows of the whole period four ways on every load. Per day and origin, and per day and consultant, the KPIs of both
-- periods and the trend are ≤ 1 row a day; the pies and the ranking of the filtered leads read 0030's monthly summary
-- of that origin or consultant (indexes below) and 0019's rows of the loose days. Kept by 0019's own triggers, which
-- now upsert the two summaries too: one grouped statement per INSERT/DELETE from the transition table, the same row
-- trigger for the updates that move a closed value, origin, consultant or day.
CREATE TABLE financas_leads_dia_origem (
  id_empresa_fk uuid NOT NULL,
  origem_lead text NOT NULL,
  dia date NOT NULL,
  leads integer NOT NULL,
  convertidos integer NOT NULL,
  receita numeric(16,2) NOT NULL,
  PRIMARY KEY (id_empresa_fk, origem_lead, dia)
);
CREATE TABLE financas_leads_dia_consultor (
  id_empresa_fk uuid NOT NULL,
  consultor_id uuid NOT NULL,
  dia date NOT NULL,
  leads integer NOT NULL,
  convertidos integer NOT NULL,
  receita numeric(16,2) NOT NULL,
  PRIMARY KEY (id_empresa_fk, consultor_id, dia)
);
ALTER TABLE financas_leads_dia_origem ENABLE ROW LEVEL SECURITY;
ALTER TABLE financas_leads_dia_origem FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON financas_leads_dia_origem
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON financas_leads_dia_origem TO crm_app;
ALTER TABLE financas_leads_dia_consultor ENABLE ROW LEVEL SECURITY;
ALTER TABLE financas_leads_dia_consultor FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON financas_leads_dia_consultor
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON financas_leads_dia_consultor TO crm_app;

CREATE OR REPLACE FUNCTION financas_apos_inserir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- 0019's day rows, then per day and origin, then per day and consultant (each in key order)
  INSERT INTO financas_leads_diaria AS f (id_empresa_fk, dia, origem_lead, consultor_id, leads, convertidos, receita)
  SELECT id_empresa_fk, leads_dia_sp(created_at), origem_lead, financas_consultor(consultor_atribuido_id), count(*),
         count(*) FILTER (WHERE valor_contrato_fechado > 0), coalesce(sum(valor_contrato_fechado), 0)
    FROM novos GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (id_empresa_fk, dia, origem_lead, consultor_id) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita;
  INSERT INTO financas_leads_dia_origem AS f (id_empresa_fk, origem_lead, dia, leads, convertidos, receita)
  SELECT id_empresa_fk, origem_lead, leads_dia_sp(created_at), count(*),
         count(*) FILTER (WHERE valor_contrato_fechado > 0), coalesce(sum(valor_contrato_fechado), 0)
    FROM novos GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (id_empresa_fk, origem_lead, dia) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita;
  INSERT INTO financas_leads_dia_consultor AS f (id_empresa_fk, consultor_id, dia, leads, convertidos, receita)
  SELECT id_empresa_fk, financas_consultor(consultor_atribuido_id), leads_dia_sp(created_at), count(*),
         count(*) FILTER (WHERE valor_contrato_fechado > 0), coalesce(sum(valor_contrato_fechado), 0)
    FROM novos GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (id_empresa_fk, consultor_id, dia) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION financas_apos_excluir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- 0019's day rows, then per day and origin, then per day and consultant (each in key order)
  INSERT INTO financas_leads_diaria AS f (id_empresa_fk, dia, origem_lead, consultor_id, leads, convertidos, receita)
  SELECT id_empresa_fk, leads_dia_sp(created_at), origem_lead, financas_consultor(consultor_atribuido_id), -count(*),
         -count(*) FILTER (WHERE valor_contrato_fechado > 0), -coalesce(sum(valor_contrato_fechado), 0)
    FROM velhos GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (id_empresa_fk, dia, origem_lead, consultor_id) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita;
  INSERT INTO financas_leads_dia_origem AS f (id_empresa_fk, origem_lead, dia, leads, convertidos, receita)
  SELECT id_empresa_fk, origem_lead, leads_dia_sp(created_at), -count(*),
         -count(*) FILTER (WHERE valor_contrato_fechado > 0), -coalesce(sum(valor_contrato_fechado), 0)
    FROM velhos GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (id_empresa_fk, origem_lead, dia) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita;
  INSERT INTO financas_leads_dia_consultor AS f (id_empresa_fk, consultor_id, dia, leads, convertidos, receita)
  SELECT id_empresa_fk, financas_consultor(consultor_atribuido_id), leads_dia_sp(created_at), -count(*),
         -count(*) FILTER (WHERE valor_contrato_fechado > 0), -coalesce(sum(valor_contrato_fechado), 0)
    FROM velhos GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (id_empresa_fk, consultor_id, dia) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION financas_apos_mover() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- the old and the new row share their key when only the closed value moved: one summary row each, summed
  INSERT INTO financas_leads_diaria AS f (id_empresa_fk, dia, origem_lead, consultor_id, leads, convertidos, receita)
  SELECT e, d, o, c, sum(n)::int, sum(cv)::int, sum(r) FROM (VALUES
      (OLD.id_empresa_fk, leads_dia_sp(OLD.created_at), OLD.origem_lead, financas_consultor(OLD.consultor_atribuido_id), -1,
       -(CASE WHEN OLD.valor_contrato_fechado > 0 THEN 1 ELSE 0 END), -coalesce(OLD.valor_contrato_fechado, 0)),
      (NEW.id_empresa_fk, leads_dia_sp(NEW.created_at), NEW.origem_lead, financas_consultor(NEW.consultor_atribuido_id), 1,
       (CASE WHEN NEW.valor_contrato_fechado > 0 THEN 1 ELSE 0 END), coalesce(NEW.valor_contrato_fechado, 0))) v (e, d, o, c, n, cv, r)
   GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (id_empresa_fk, dia, origem_lead, consultor_id) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita;
  INSERT INTO financas_leads_dia_origem AS f (id_empresa_fk, origem_lead, dia, leads, convertidos, receita)
  SELECT e, o, d, sum(n)::int, sum(cv)::int, sum(r) FROM (VALUES
      (OLD.id_empresa_fk, OLD.origem_lead, leads_dia_sp(OLD.created_at), -1,
       -(CASE WHEN OLD.valor_contrato_fechado > 0 THEN 1 ELSE 0 END), -coalesce(OLD.valor_contrato_fechado, 0)),
      (NEW.id_empresa_fk, NEW.origem_lead, leads_dia_sp(NEW.created_at), 1,
       (CASE WHEN NEW.valor_contrato_fechado > 0 THEN 1 ELSE 0 END), coalesce(NEW.valor_contrato_fechado, 0))) v (e, o, d, n, cv, r)
   GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(cv) <> 0 OR sum(r) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (id_empresa_fk, origem_lead, dia) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita;
  INSERT INTO financas_leads_dia_consultor AS f (id_empresa_fk, consultor_id, dia, leads, convertidos, receita)
  SELECT e, c, d, sum(n)::int, sum(cv)::int, sum(r) FROM (VALUES
      (OLD.id_empresa_fk, financas_consultor(OLD.consultor_atribuido_id), leads_dia_sp(OLD.created_at), -1,
       -(CASE WHEN OLD.valor_contrato_fechado > 0 THEN 1 ELSE 0 END), -coalesce(OLD.valor_contrato_fechado, 0)),
      (NEW.id_empresa_fk, financas_consultor(NEW.consultor_atribuido_id), leads_dia_sp(NEW.created_at), 1,
       (CASE WHEN NEW.valor_contrato_fechado > 0 THEN 1 ELSE 0 END), coalesce(NEW.valor_contrato_fechado, 0))) v (e, c, d, n, cv, r)
   GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(cv) <> 0 OR sum(r) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (id_empresa_fk, consultor_id, dia) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita;
  RETURN NULL;
END $$;

-- the rows already there, from 0019's (RLS is forced: as a named system task)
SELECT set_config('app.papel', 'sistema', true);
INSERT INTO financas_leads_dia_origem (id_empresa_fk, origem_lead, dia, leads, convertidos, receita)
SELECT id_empresa_fk, origem_lead, dia, sum(leads), sum(convertidos), sum(receita) FROM financas_leads_diaria GROUP BY 1, 2, 3;
INSERT INTO financas_leads_dia_consultor (id_empresa_fk, consultor_id, dia, leads, convertidos, receita)
SELECT id_empresa_fk, consultor_id, dia, sum(leads), sum(convertidos), sum(receita) FROM financas_leads_diaria GROUP BY 1, 2, 3;
SELECT set_config('app.papel', '', true);

-- the filtered pies and ranking: 0030's monthly rows of one consultant or one origin
CREATE INDEX financas_leads_mensal_consultor_idx ON financas_leads_mensal (id_empresa_fk, consultor_id, mes)
  INCLUDE (origem_lead, leads, convertidos, receita);
CREATE INDEX financas_leads_mensal_origem_idx ON financas_leads_mensal (id_empresa_fk, origem_lead, mes)
  INCLUDE (consultor_id, leads, convertidos, receita);

-- The recoverable value's card with an origin or a consultant filter read 0030's detailed rows of the whole period
-- (day × origin × consultant × band) and kept those of the filter: ~23 ms of a 26 ms 'Total, Google Ads' at 40k leads.
-- Per day, band and origin, and per day, band and consultant, the card reads ≤ a few rows a day. 0030's statement
-- trigger now writes the three summaries from one set of deltas (data-modifying CTEs: one statement, keys in order).
CREATE TABLE financas_recuperavel_dia_origem (
  id_empresa_fk uuid NOT NULL,
  origem_lead text NOT NULL,
  dia date NOT NULL,
  faixa text NOT NULL,
  leads integer NOT NULL,
  sobrepago_total_centavos bigint NOT NULL,
  sobrepago_ate_agora_centavos bigint NOT NULL,
  PRIMARY KEY (id_empresa_fk, origem_lead, dia, faixa)
);
CREATE TABLE financas_recuperavel_dia_consultor (
  id_empresa_fk uuid NOT NULL,
  consultor_id uuid NOT NULL,
  dia date NOT NULL,
  faixa text NOT NULL,
  leads integer NOT NULL,
  sobrepago_total_centavos bigint NOT NULL,
  sobrepago_ate_agora_centavos bigint NOT NULL,
  PRIMARY KEY (id_empresa_fk, consultor_id, dia, faixa)
);
ALTER TABLE financas_recuperavel_dia_origem ENABLE ROW LEVEL SECURITY;
ALTER TABLE financas_recuperavel_dia_origem FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON financas_recuperavel_dia_origem
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON financas_recuperavel_dia_origem TO crm_app;
ALTER TABLE financas_recuperavel_dia_consultor ENABLE ROW LEVEL SECURITY;
ALTER TABLE financas_recuperavel_dia_consultor FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON financas_recuperavel_dia_consultor
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON financas_recuperavel_dia_consultor TO crm_app;

CREATE OR REPLACE FUNCTION financas_recuperavel_somar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- a transition table's contributions (the old rows' negated); the trigger's transition tables are visible to EXECUTE
  contribuicoes CONSTANT text := $q$
    SELECT id_empresa_fk AS e, leads_dia_sp(created_at) AS d, origem_lead AS o, financas_consultor(consultor_atribuido_id) AS c,
           coalesce(revisional_faixa, 'sem_faixa') AS fx, %1$s AS n, %1$s * revisional_sobrepago_centavos AS t,
           %1$s * financas_sobrepago_ate_agora(revisional_sobrepago_centavos, quantidade_parcelas, quantidade_parcelas_pagas) AS a
      FROM %2$I WHERE revisional_sobrepago_centavos IS NOT NULL AND financas_pipeline_aberto(status_lead)$q$;
  v text := CASE TG_OP
    WHEN 'INSERT' THEN format(contribuicoes, 1, 'novos')
    WHEN 'DELETE' THEN format(contribuicoes, -1, 'velhos')
    ELSE format(contribuicoes, 1, 'novos') || ' UNION ALL ' || format(contribuicoes, -1, 'velhos') END;
BEGIN
  -- one statement: the detailed summary (0030) and the two per-filter ones, each grouped and in key order; an update
  -- that moves no contribution nets to zero per key and writes nothing
  EXECUTE format($q$
    WITH v AS (%s),
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
          sobrepago_ate_agora_centavos = f.sobrepago_ate_agora_centavos + EXCLUDED.sobrepago_ate_agora_centavos$q$, v);
  RETURN NULL;
END $$;

SELECT set_config('app.papel', 'sistema', true);
INSERT INTO financas_recuperavel_dia_origem (id_empresa_fk, origem_lead, dia, faixa, leads, sobrepago_total_centavos,
                                             sobrepago_ate_agora_centavos)
SELECT id_empresa_fk, origem_lead, dia, faixa, sum(leads), sum(sobrepago_total_centavos), sum(sobrepago_ate_agora_centavos)
  FROM financas_recuperavel_diaria GROUP BY 1, 2, 3, 4;
INSERT INTO financas_recuperavel_dia_consultor (id_empresa_fk, consultor_id, dia, faixa, leads, sobrepago_total_centavos,
                                                sobrepago_ate_agora_centavos)
SELECT id_empresa_fk, consultor_id, dia, faixa, sum(leads), sum(sobrepago_total_centavos), sum(sobrepago_ate_agora_centavos)
  FROM financas_recuperavel_diaria GROUP BY 1, 2, 3, 4;
SELECT set_config('app.papel', '', true);
