-- /financeiro (docs/decisions/1204-company-figures-speed.md): the revenue, lead and conversion figures of a
-- 200k-lead company read a per-day summary instead of summing its rows on every load. One row per São Paulo day,
-- origin and assigned consultant (the nil uuid for none), kept exact by triggers in the same transaction as the
-- change, as leads_contagem_diaria (0010) is. Days are São Paulo calendar days (leads_dia_sp, by the time zone
-- since 0013), as @crm/domain/period computes the periods.
CREATE TABLE financas_leads_diaria (
  id_empresa_fk uuid NOT NULL,
  dia date NOT NULL,
  origem_lead text NOT NULL,
  consultor_id uuid NOT NULL,
  leads integer NOT NULL,
  -- 001 §9: a converted lead is one whose closed value is above 0
  convertidos integer NOT NULL,
  receita numeric(16,2) NOT NULL,
  PRIMARY KEY (id_empresa_fk, dia, origem_lead, consultor_id)
);
ALTER TABLE financas_leads_diaria ENABLE ROW LEVEL SECURITY;
ALTER TABLE financas_leads_diaria FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON financas_leads_diaria
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON financas_leads_diaria TO crm_app;

CREATE FUNCTION financas_consultor(c uuid) RETURNS uuid LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(c, '00000000-0000-0000-0000-000000000000'::uuid)
$$;

-- one upsert per statement, in key order so that concurrent writers of one company lock the rows in the same order
CREATE FUNCTION financas_apos_inserir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO financas_leads_diaria AS f (id_empresa_fk, dia, origem_lead, consultor_id, leads, convertidos, receita)
  SELECT id_empresa_fk, leads_dia_sp(created_at), origem_lead, financas_consultor(consultor_atribuido_id), count(*),
         count(*) FILTER (WHERE valor_contrato_fechado > 0), coalesce(sum(valor_contrato_fechado), 0)
    FROM novos GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (id_empresa_fk, dia, origem_lead, consultor_id) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos,
        receita = f.receita + EXCLUDED.receita;
  RETURN NULL;
END $$;
CREATE TRIGGER financas_inserir AFTER INSERT ON leads_juros_check
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION financas_apos_inserir();

CREATE FUNCTION financas_apos_excluir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO financas_leads_diaria AS f (id_empresa_fk, dia, origem_lead, consultor_id, leads, convertidos, receita)
  SELECT id_empresa_fk, leads_dia_sp(created_at), origem_lead, financas_consultor(consultor_atribuido_id), -count(*),
         -count(*) FILTER (WHERE valor_contrato_fechado > 0), -coalesce(sum(valor_contrato_fechado), 0)
    FROM velhos GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (id_empresa_fk, dia, origem_lead, consultor_id) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos,
        receita = f.receita + EXCLUDED.receita;
  RETURN NULL;
END $$;
CREATE TRIGGER financas_excluir AFTER DELETE ON leads_juros_check
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT EXECUTE FUNCTION financas_apos_excluir();

-- per row, and only when a column of the summary moves: the frequent updates of a lead (last message, notes) skip it
CREATE FUNCTION financas_apos_mover() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO financas_leads_diaria AS f (id_empresa_fk, dia, origem_lead, consultor_id, leads, convertidos, receita)
  -- the old and the new row share their key when only the closed value moved: one summary row, summed
  SELECT e, d, o, c, sum(n)::int, sum(cv)::int, sum(r) FROM (VALUES
      (OLD.id_empresa_fk, leads_dia_sp(OLD.created_at), OLD.origem_lead, financas_consultor(OLD.consultor_atribuido_id), -1,
       -(CASE WHEN OLD.valor_contrato_fechado > 0 THEN 1 ELSE 0 END), -coalesce(OLD.valor_contrato_fechado, 0)),
      (NEW.id_empresa_fk, leads_dia_sp(NEW.created_at), NEW.origem_lead, financas_consultor(NEW.consultor_atribuido_id), 1,
       (CASE WHEN NEW.valor_contrato_fechado > 0 THEN 1 ELSE 0 END), coalesce(NEW.valor_contrato_fechado, 0))) v (e, d, o, c, n, cv, r)
   GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (id_empresa_fk, dia, origem_lead, consultor_id) DO UPDATE
    SET leads = f.leads + EXCLUDED.leads, convertidos = f.convertidos + EXCLUDED.convertidos,
        receita = f.receita + EXCLUDED.receita;
  RETURN NULL;
END $$;
CREATE TRIGGER financas_mover
  AFTER UPDATE OF valor_contrato_fechado, origem_lead, consultor_atribuido_id, created_at ON leads_juros_check FOR EACH ROW
  WHEN (OLD.valor_contrato_fechado IS DISTINCT FROM NEW.valor_contrato_fechado
     OR OLD.origem_lead IS DISTINCT FROM NEW.origem_lead
     OR OLD.consultor_atribuido_id IS DISTINCT FROM NEW.consultor_atribuido_id
     OR leads_dia_sp(OLD.created_at) <> leads_dia_sp(NEW.created_at))
  EXECUTE FUNCTION financas_apos_mover();

-- the leads already there, as a named system task (RLS is forced: an owner that is not a superuser sees no lead)
SELECT set_config('app.papel', 'sistema', true);
INSERT INTO financas_leads_diaria (id_empresa_fk, dia, origem_lead, consultor_id, leads, convertidos, receita)
SELECT id_empresa_fk, leads_dia_sp(created_at), origem_lead, financas_consultor(consultor_atribuido_id), count(*),
       count(*) FILTER (WHERE valor_contrato_fechado > 0), coalesce(sum(valor_contrato_fechado), 0)
  FROM leads_juros_check GROUP BY 1, 2, 3, 4;
SELECT set_config('app.papel', '', true);

-- the campaign filter reads the leads themselves: by campaign and day, without visiting the table
CREATE INDEX leads_empresa_campanha_idx ON leads_juros_check (id_empresa_fk, campanha_origem, created_at)
  INCLUDE (valor_contrato_fechado, origem_lead, consultor_atribuido_id) WHERE campanha_origem IS NOT NULL;

-- costs in /marketing's page order (newest day, platform, newest entry), with the summed columns in the index: the
-- page of a 20k-row 'Total' is read from the index instead of sorting every row of the company, and /financeiro's
-- and /marketing's sums never visit the table. It replaces the day index of 0001.
CREATE INDEX custos_marketing_lista_idx ON custos_marketing (id_empresa_fk, data_custo DESC, plataforma, created_at DESC, id)
  INCLUDE (valor_gasto, impressoes, cliques);
DROP INDEX custos_marketing_data_idx;
