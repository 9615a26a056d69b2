-- /financeiro's costs (decision 1204, session 8): without a platform filter the statement grouped every day × platform
-- row of 0034's summary of both periods three ways (per period, trend bucket and platform): ~4,400 rows for 'Total' at
-- 20k costs over two years. Per day alone (the KPIs of both periods and the trend: ≤ 1 row a day) and per month and
-- platform (the platform pie over the period's whole months; its loose days still come from 0034), kept by statement
-- triggers with transition tables on custos_marketing, as 0034's summary is.
CREATE TABLE custos_marketing_dia (
  id_empresa_fk uuid NOT NULL,
  dia date NOT NULL,
  lancamentos integer NOT NULL,
  valor_gasto numeric(16,2) NOT NULL,
  PRIMARY KEY (id_empresa_fk, dia)
);
CREATE TABLE custos_marketing_mensal (
  id_empresa_fk uuid NOT NULL,
  mes date NOT NULL,
  plataforma text NOT NULL,
  lancamentos integer NOT NULL,
  valor_gasto numeric(16,2) NOT NULL,
  PRIMARY KEY (id_empresa_fk, mes, plataforma)
);
ALTER TABLE custos_marketing_dia ENABLE ROW LEVEL SECURITY;
ALTER TABLE custos_marketing_dia FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON custos_marketing_dia
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON custos_marketing_dia TO crm_app;
ALTER TABLE custos_marketing_mensal ENABLE ROW LEVEL SECURITY;
ALTER TABLE custos_marketing_mensal FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON custos_marketing_mensal
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON custos_marketing_mensal TO crm_app;

CREATE FUNCTION custos_dia_mes_apos() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- a transition table's entries (the old rows' negated); the trigger's transition tables are visible to EXECUTE
  linhas CONSTANT text := 'SELECT id_empresa_fk AS e, data_custo AS d, plataforma AS p, %1$s AS n, %1$s * valor_gasto AS v FROM %2$I';
  v text := CASE TG_OP
    WHEN 'INSERT' THEN format(linhas, 1, 'novos')
    WHEN 'DELETE' THEN format(linhas, -1, 'velhos')
    ELSE format(linhas, 1, 'novos') || ' UNION ALL ' || format(linhas, -1, 'velhos') END;
BEGIN
  -- both summaries grouped and in key order; an edit that moves no day, platform or value nets to zero and writes nothing
  EXECUTE format($q$
    WITH v AS (%s),
    dia AS (
      INSERT INTO custos_marketing_dia AS r (id_empresa_fk, dia, lancamentos, valor_gasto)
      SELECT e, d, sum(n), sum(v) FROM v GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(v) <> 0 ORDER BY 1, 2
      ON CONFLICT (id_empresa_fk, dia) DO UPDATE
        SET lancamentos = r.lancamentos + EXCLUDED.lancamentos, valor_gasto = r.valor_gasto + EXCLUDED.valor_gasto)
    INSERT INTO custos_marketing_mensal AS r (id_empresa_fk, mes, plataforma, lancamentos, valor_gasto)
    SELECT e, date_trunc('month', d)::date, p, sum(n), sum(v) FROM v
     GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(v) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (id_empresa_fk, mes, plataforma) DO UPDATE
      SET lancamentos = r.lancamentos + EXCLUDED.lancamentos, valor_gasto = r.valor_gasto + EXCLUDED.valor_gasto$q$, v);
  RETURN NULL;
END $$;
CREATE TRIGGER custos_dia_mes_inserir AFTER INSERT ON custos_marketing
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION custos_dia_mes_apos();
CREATE TRIGGER custos_dia_mes_excluir AFTER DELETE ON custos_marketing
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT EXECUTE FUNCTION custos_dia_mes_apos();
CREATE TRIGGER custos_dia_mes_alterar AFTER UPDATE ON custos_marketing
  REFERENCING OLD TABLE AS velhos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION custos_dia_mes_apos();

-- the rows already there, as a named system task (RLS is forced: an owner that is not a superuser sees nothing)
SELECT set_config('app.papel', 'sistema', true);
INSERT INTO custos_marketing_dia (id_empresa_fk, dia, lancamentos, valor_gasto)
SELECT id_empresa_fk, data_custo, count(*), sum(valor_gasto) FROM custos_marketing GROUP BY 1, 2;
INSERT INTO custos_marketing_mensal (id_empresa_fk, mes, plataforma, lancamentos, valor_gasto)
SELECT id_empresa_fk, date_trunc('month', data_custo)::date, plataforma, count(*), sum(valor_gasto) FROM custos_marketing GROUP BY 1, 2, 3;
SELECT set_config('app.papel', '', true);

-- The recoverable value's card without filters summed 0030's per-day × band rows of the whole period (~2,200 a year).
-- Per month and band, kept from those rows by a row trigger as 0030 keeps them from its detailed summary (each insert
-- or update of a day row adds its delta): the card reads the period's whole months plus or minus the loose days.
CREATE TABLE financas_recuperavel_mensal (
  id_empresa_fk uuid NOT NULL,
  mes date NOT NULL,
  faixa text NOT NULL,
  leads integer NOT NULL,
  sobrepago_total_centavos bigint NOT NULL,
  sobrepago_ate_agora_centavos bigint NOT NULL,
  PRIMARY KEY (id_empresa_fk, mes, faixa)
);
ALTER TABLE financas_recuperavel_mensal ENABLE ROW LEVEL SECURITY;
ALTER TABLE financas_recuperavel_mensal FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON financas_recuperavel_mensal
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON financas_recuperavel_mensal TO crm_app;

CREATE FUNCTION financas_recuperavel_mensal_propagar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n int := NEW.leads - CASE WHEN TG_OP = 'UPDATE' THEN OLD.leads ELSE 0 END;
  t bigint := NEW.sobrepago_total_centavos - CASE WHEN TG_OP = 'UPDATE' THEN OLD.sobrepago_total_centavos ELSE 0 END;
  a bigint := NEW.sobrepago_ate_agora_centavos - CASE WHEN TG_OP = 'UPDATE' THEN OLD.sobrepago_ate_agora_centavos ELSE 0 END;
BEGIN
  IF n = 0 AND t = 0 AND a = 0 THEN RETURN NULL; END IF;
  INSERT INTO financas_recuperavel_mensal AS f (id_empresa_fk, mes, faixa, leads, sobrepago_total_centavos, sobrepago_ate_agora_centavos)
  VALUES (NEW.id_empresa_fk, date_trunc('month', NEW.dia)::date, NEW.faixa, n, t, a)
  ON CONFLICT (id_empresa_fk, mes, faixa) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, sobrepago_total_centavos = f.sobrepago_total_centavos + EXCLUDED.sobrepago_total_centavos,
        sobrepago_ate_agora_centavos = f.sobrepago_ate_agora_centavos + EXCLUDED.sobrepago_ate_agora_centavos;
  RETURN NULL;
END $$;
CREATE TRIGGER financas_recuperavel_mensal_propagar AFTER INSERT OR UPDATE ON financas_recuperavel_dia
  FOR EACH ROW EXECUTE FUNCTION financas_recuperavel_mensal_propagar();

SELECT set_config('app.papel', 'sistema', true);
INSERT INTO financas_recuperavel_mensal (id_empresa_fk, mes, faixa, leads, sobrepago_total_centavos, sobrepago_ate_agora_centavos)
SELECT id_empresa_fk, date_trunc('month', dia)::date, faixa, sum(leads), sum(sobrepago_total_centavos), sum(sobrepago_ate_agora_centavos)
  FROM financas_recuperavel_dia GROUP BY 1, 2, 3;
SELECT set_config('app.papel', '', true);
