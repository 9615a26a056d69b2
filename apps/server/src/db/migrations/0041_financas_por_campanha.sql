-- /financeiro with a campaign filter (decision 1204, session 8) read the campaign's leads themselves (its index, with
-- the summed columns included) and their pre-analyses: every lead of the campaign for 'Total', ~185 ms at 13k leads.
-- Four summaries of the leads that name a campaign, kept exact in the same transaction as the change: statement
-- triggers with transition tables on inserts and deletes (one grouped upsert per summary), a row trigger on the updates
-- of a campaign's lead that move something they count:
--   financas_campanha_dia      per campaign and São Paulo day: the KPIs of both periods and the trend (≤ 1 row a day);
--   financas_campanha_diaria   per campaign, day, origin and consultant: the loose days of the pies and the ranking,
--                              and the campaign combined with an origin or consultant filter;
--   financas_campanha_mensal   per campaign, month, origin and consultant: the pies and the ranking over whole months;
--   financas_recuperavel_campanha_dia  per campaign, day and band: the recoverable value's card.
CREATE TABLE financas_campanha_dia (
  id_empresa_fk uuid NOT NULL,
  campanha text NOT NULL,
  dia date NOT NULL,
  leads integer NOT NULL,
  convertidos integer NOT NULL,
  receita numeric(16,2) NOT NULL,
  PRIMARY KEY (id_empresa_fk, campanha, dia)
);
CREATE TABLE financas_campanha_diaria (
  id_empresa_fk uuid NOT NULL,
  campanha text NOT NULL,
  dia date NOT NULL,
  origem_lead text NOT NULL,
  consultor_id uuid NOT NULL,
  leads integer NOT NULL,
  convertidos integer NOT NULL,
  receita numeric(16,2) NOT NULL,
  PRIMARY KEY (id_empresa_fk, campanha, dia, origem_lead, consultor_id)
);
CREATE TABLE financas_campanha_mensal (
  id_empresa_fk uuid NOT NULL,
  campanha text NOT NULL,
  mes date NOT NULL,
  origem_lead text NOT NULL,
  consultor_id uuid NOT NULL,
  leads integer NOT NULL,
  convertidos integer NOT NULL,
  receita numeric(16,2) NOT NULL,
  PRIMARY KEY (id_empresa_fk, campanha, mes, origem_lead, consultor_id)
);
CREATE TABLE financas_recuperavel_campanha_dia (
  id_empresa_fk uuid NOT NULL,
  campanha text NOT NULL,
  dia date NOT NULL,
  faixa text NOT NULL,
  leads integer NOT NULL,
  sobrepago_total_centavos bigint NOT NULL,
  sobrepago_ate_agora_centavos bigint NOT NULL,
  PRIMARY KEY (id_empresa_fk, campanha, dia, faixa)
);
ALTER TABLE financas_campanha_dia ENABLE ROW LEVEL SECURITY;
ALTER TABLE financas_campanha_dia FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON financas_campanha_dia
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON financas_campanha_dia TO crm_app;
ALTER TABLE financas_campanha_diaria ENABLE ROW LEVEL SECURITY;
ALTER TABLE financas_campanha_diaria FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON financas_campanha_diaria
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON financas_campanha_diaria TO crm_app;
ALTER TABLE financas_campanha_mensal ENABLE ROW LEVEL SECURITY;
ALTER TABLE financas_campanha_mensal FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON financas_campanha_mensal
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON financas_campanha_mensal TO crm_app;
ALTER TABLE financas_recuperavel_campanha_dia ENABLE ROW LEVEL SECURITY;
ALTER TABLE financas_recuperavel_campanha_dia FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON financas_recuperavel_campanha_dia
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON financas_recuperavel_campanha_dia TO crm_app;

-- inserts and deletes (the contributions of `novos`, or of `velhos` negated)
CREATE FUNCTION financas_campanha_somar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- a transition table's contributions (the old rows' negated); the trigger's transition tables are visible to EXECUTE
  leads CONSTANT text := $q$
    SELECT id_empresa_fk AS e, campanha_origem AS cp, leads_dia_sp(created_at) AS d, origem_lead AS o,
           financas_consultor(consultor_atribuido_id) AS c, %1$s AS n, %1$s * coalesce((valor_contrato_fechado > 0)::int, 0) AS cv,
           %1$s * coalesce(valor_contrato_fechado, 0) AS r
      FROM %2$I WHERE campanha_origem IS NOT NULL$q$;
  recuperavel CONSTANT text := $q$
    SELECT id_empresa_fk AS e, campanha_origem AS cp, leads_dia_sp(created_at) AS d, coalesce(revisional_faixa, 'sem_faixa') AS fx,
           %1$s AS n, %1$s * revisional_sobrepago_centavos AS t,
           %1$s * financas_sobrepago_ate_agora(revisional_sobrepago_centavos, quantidade_parcelas, quantidade_parcelas_pagas) AS a
      FROM %2$I WHERE campanha_origem IS NOT NULL AND revisional_sobrepago_centavos IS NOT NULL AND financas_pipeline_aberto(status_lead)$q$;
  vl text := CASE TG_OP WHEN 'INSERT' THEN format(leads, 1, 'novos') ELSE format(leads, -1, 'velhos') END;
  vr text := CASE TG_OP WHEN 'INSERT' THEN format(recuperavel, 1, 'novos') ELSE format(recuperavel, -1, 'velhos') END;
BEGIN
  -- each summary grouped and in key order
  EXECUTE format($q$
    WITH v AS (%s),
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
      SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos, receita = f.receita + EXCLUDED.receita$q$, vl);
  EXECUTE format($q$
    INSERT INTO financas_recuperavel_campanha_dia AS f (id_empresa_fk, campanha, dia, faixa, leads, sobrepago_total_centavos,
                                                        sobrepago_ate_agora_centavos)
    SELECT e, cp, d, fx, sum(n), sum(t), sum(a) FROM (%s) v
     GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(t) <> 0 OR sum(a) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (id_empresa_fk, campanha, dia, faixa) DO UPDATE
      SET leads = f.leads + EXCLUDED.leads, sobrepago_total_centavos = f.sobrepago_total_centavos + EXCLUDED.sobrepago_total_centavos,
          sobrepago_ate_agora_centavos = f.sobrepago_ate_agora_centavos + EXCLUDED.sobrepago_ate_agora_centavos$q$, vr);
  RETURN NULL;
END $$;
CREATE TRIGGER financas_campanha_inserir AFTER INSERT ON leads_juros_check
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION financas_campanha_somar();
CREATE TRIGGER financas_campanha_excluir AFTER DELETE ON leads_juros_check
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT EXECUTE FUNCTION financas_campanha_somar();

-- updates per row, and only those of a campaign's lead that move something counted (a status change may leave or
-- enter the open pipeline): the frequent updates of a lead (last message, notes) and the leads of no campaign skip it
CREATE FUNCTION financas_campanha_mover() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH v AS (
    SELECT * FROM (VALUES
        (OLD.id_empresa_fk, OLD.campanha_origem, leads_dia_sp(OLD.created_at), OLD.origem_lead,
         financas_consultor(OLD.consultor_atribuido_id), -1, -coalesce((OLD.valor_contrato_fechado > 0)::int, 0),
         -coalesce(OLD.valor_contrato_fechado, 0)),
        (NEW.id_empresa_fk, NEW.campanha_origem, leads_dia_sp(NEW.created_at), NEW.origem_lead,
         financas_consultor(NEW.consultor_atribuido_id), 1, coalesce((NEW.valor_contrato_fechado > 0)::int, 0),
         coalesce(NEW.valor_contrato_fechado, 0))
      ) x (e, cp, d, o, c, n, cv, r) WHERE cp IS NOT NULL),
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
  SELECT e, cp, d, fx, sum(n), sum(t), sum(a) FROM (VALUES
      (OLD.id_empresa_fk, OLD.campanha_origem, leads_dia_sp(OLD.created_at), coalesce(OLD.revisional_faixa, 'sem_faixa'), -1,
       -OLD.revisional_sobrepago_centavos,
       -financas_sobrepago_ate_agora(OLD.revisional_sobrepago_centavos, OLD.quantidade_parcelas, OLD.quantidade_parcelas_pagas),
       OLD.revisional_sobrepago_centavos IS NOT NULL AND financas_pipeline_aberto(OLD.status_lead)),
      (NEW.id_empresa_fk, NEW.campanha_origem, leads_dia_sp(NEW.created_at), coalesce(NEW.revisional_faixa, 'sem_faixa'), 1,
       NEW.revisional_sobrepago_centavos,
       financas_sobrepago_ate_agora(NEW.revisional_sobrepago_centavos, NEW.quantidade_parcelas, NEW.quantidade_parcelas_pagas),
       NEW.revisional_sobrepago_centavos IS NOT NULL AND financas_pipeline_aberto(NEW.status_lead))
    ) x (e, cp, d, fx, n, t, a, conta)
   WHERE cp IS NOT NULL AND conta
   GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(t) <> 0 OR sum(a) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (id_empresa_fk, campanha, dia, faixa) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, sobrepago_total_centavos = f.sobrepago_total_centavos + EXCLUDED.sobrepago_total_centavos,
        sobrepago_ate_agora_centavos = f.sobrepago_ate_agora_centavos + EXCLUDED.sobrepago_ate_agora_centavos;
  RETURN NULL;
END $$;
CREATE TRIGGER financas_campanha_mover
  AFTER UPDATE OF campanha_origem, created_at, origem_lead, consultor_atribuido_id, valor_contrato_fechado, status_lead,
                  revisional_sobrepago_centavos, revisional_faixa, quantidade_parcelas, quantidade_parcelas_pagas
  ON leads_juros_check FOR EACH ROW
  WHEN ((OLD.campanha_origem IS NOT NULL OR NEW.campanha_origem IS NOT NULL)
    AND (OLD.campanha_origem IS DISTINCT FROM NEW.campanha_origem
      OR leads_dia_sp(OLD.created_at) <> leads_dia_sp(NEW.created_at)
      OR OLD.origem_lead IS DISTINCT FROM NEW.origem_lead
      OR OLD.consultor_atribuido_id IS DISTINCT FROM NEW.consultor_atribuido_id
      OR OLD.valor_contrato_fechado IS DISTINCT FROM NEW.valor_contrato_fechado
      OR OLD.status_lead IS DISTINCT FROM NEW.status_lead
      OR OLD.revisional_sobrepago_centavos IS DISTINCT FROM NEW.revisional_sobrepago_centavos
      OR OLD.revisional_faixa IS DISTINCT FROM NEW.revisional_faixa
      OR OLD.quantidade_parcelas IS DISTINCT FROM NEW.quantidade_parcelas
      OR OLD.quantidade_parcelas_pagas IS DISTINCT FROM NEW.quantidade_parcelas_pagas))
  EXECUTE FUNCTION financas_campanha_mover();

-- the leads already there, as a named system task (RLS is forced: an owner that is not a superuser sees no lead)
SELECT set_config('app.papel', 'sistema', true);
INSERT INTO financas_campanha_diaria (id_empresa_fk, campanha, dia, origem_lead, consultor_id, leads, convertidos, receita)
SELECT id_empresa_fk, campanha_origem, leads_dia_sp(created_at), origem_lead, financas_consultor(consultor_atribuido_id), count(*),
       count(*) FILTER (WHERE valor_contrato_fechado > 0), coalesce(sum(valor_contrato_fechado), 0)
  FROM leads_juros_check WHERE campanha_origem IS NOT NULL GROUP BY 1, 2, 3, 4, 5;
INSERT INTO financas_campanha_dia (id_empresa_fk, campanha, dia, leads, convertidos, receita)
SELECT id_empresa_fk, campanha, dia, sum(leads), sum(convertidos), sum(receita) FROM financas_campanha_diaria GROUP BY 1, 2, 3;
INSERT INTO financas_campanha_mensal (id_empresa_fk, campanha, mes, origem_lead, consultor_id, leads, convertidos, receita)
SELECT id_empresa_fk, campanha, date_trunc('month', dia)::date, origem_lead, consultor_id, sum(leads), sum(convertidos), sum(receita)
  FROM financas_campanha_diaria GROUP BY 1, 2, 3, 4, 5;
INSERT INTO financas_recuperavel_campanha_dia (id_empresa_fk, campanha, dia, faixa, leads, sobrepago_total_centavos,
                                               sobrepago_ate_agora_centavos)
SELECT id_empresa_fk, campanha_origem, leads_dia_sp(created_at), coalesce(revisional_faixa, 'sem_faixa'), count(*),
       sum(revisional_sobrepago_centavos),
       sum(financas_sobrepago_ate_agora(revisional_sobrepago_centavos, quantidade_parcelas, quantidade_parcelas_pagas))
  FROM leads_juros_check
 WHERE campanha_origem IS NOT NULL AND revisional_sobrepago_centavos IS NOT NULL AND financas_pipeline_aberto(status_lead)
 GROUP BY 1, 2, 3, 4;
SELECT set_config('app.papel', '', true);
