-- Company figures at 200k leads (docs/decisions/1204-company-figures-speed.md, session 7): two more per-day summaries,
-- kept exact by triggers in the same transaction as the change, as 0010 and 0019 are.
--
-- 1. 'Eficiência IA' (decision 0602) counted the period's screenings on every dashboard load: one per lead, so a
--    200k-lead company's 'Total' read 200k index entries and their rows. One row per company and São Paulo day of
--    the screening: how many ended (qualificado, rejeitado, erro) and how many of them were settled automatically and
--    not overturned by a person's review.
CREATE FUNCTION triagem_concluida(decisao text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN decisao IN ('qualificado', 'rejeitado', 'erro') THEN 1 ELSE 0 END
$$;
CREATE FUNCTION triagem_mantida(decisao text, revisao text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN decisao IN ('qualificado', 'rejeitado') AND (revisao IS NULL OR revisao = decisao) THEN 1 ELSE 0 END
$$;
GRANT EXECUTE ON FUNCTION triagem_concluida(text), triagem_mantida(text, text) TO crm_app;

CREATE TABLE triagens_resumo_diaria (
  id_empresa_fk uuid NOT NULL,
  dia date NOT NULL,
  concluidas integer NOT NULL,
  mantidas integer NOT NULL,
  PRIMARY KEY (id_empresa_fk, dia)
);
ALTER TABLE triagens_resumo_diaria ENABLE ROW LEVEL SECURITY;
ALTER TABLE triagens_resumo_diaria FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON triagens_resumo_diaria
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON triagens_resumo_diaria TO crm_app;

-- one upsert per statement from the transition tables (an UPDATE subtracts its old rows and adds its new ones),
-- in key order so that concurrent writers of one company lock the rows in the same order
CREATE FUNCTION triagens_resumo_apos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO triagens_resumo_diaria AS r (id_empresa_fk, dia, concluidas, mantidas)
    SELECT id_empresa_fk, leads_dia_sp(created_at), sum(triagem_concluida(decisao)), sum(triagem_mantida(decisao, revisao_decisao))
      FROM novos WHERE triagem_concluida(decisao) = 1 GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (id_empresa_fk, dia) DO UPDATE
      SET concluidas = r.concluidas + EXCLUDED.concluidas, mantidas = r.mantidas + EXCLUDED.mantidas;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO triagens_resumo_diaria AS r (id_empresa_fk, dia, concluidas, mantidas)
    SELECT id_empresa_fk, leads_dia_sp(created_at), -sum(triagem_concluida(decisao)), -sum(triagem_mantida(decisao, revisao_decisao))
      FROM velhos WHERE triagem_concluida(decisao) = 1 GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (id_empresa_fk, dia) DO UPDATE
      SET concluidas = r.concluidas + EXCLUDED.concluidas, mantidas = r.mantidas + EXCLUDED.mantidas;
  ELSE
    INSERT INTO triagens_resumo_diaria AS r (id_empresa_fk, dia, concluidas, mantidas)
    SELECT e, d, sum(c), sum(m) FROM (
        SELECT id_empresa_fk AS e, leads_dia_sp(created_at) AS d, triagem_concluida(decisao) AS c,
               triagem_mantida(decisao, revisao_decisao) AS m FROM novos
        UNION ALL
        SELECT id_empresa_fk, leads_dia_sp(created_at), -triagem_concluida(decisao), -triagem_mantida(decisao, revisao_decisao)
          FROM velhos) v
     GROUP BY 1, 2 HAVING sum(c) <> 0 OR sum(m) <> 0 ORDER BY 1, 2
    ON CONFLICT (id_empresa_fk, dia) DO UPDATE
      SET concluidas = r.concluidas + EXCLUDED.concluidas, mantidas = r.mantidas + EXCLUDED.mantidas;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER triagens_resumo_inserir AFTER INSERT ON triagens_ia
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION triagens_resumo_apos();
CREATE TRIGGER triagens_resumo_excluir AFTER DELETE ON triagens_ia
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT EXECUTE FUNCTION triagens_resumo_apos();
CREATE TRIGGER triagens_resumo_alterar AFTER UPDATE ON triagens_ia
  REFERENCING OLD TABLE AS velhos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION triagens_resumo_apos();

-- 2. Costs per company, São Paulo day and platform: /financeiro's costs (per period, day and platform) and /marketing's
--    summary cards read up to 6 rows a day instead of every cost row (20k for a 'Total' of two years of imports).
CREATE TABLE custos_marketing_diaria (
  id_empresa_fk uuid NOT NULL,
  dia date NOT NULL,
  plataforma text NOT NULL,
  lancamentos integer NOT NULL,
  valor_gasto numeric(16,2) NOT NULL,
  impressoes bigint NOT NULL,
  cliques bigint NOT NULL,
  PRIMARY KEY (id_empresa_fk, dia, plataforma)
);
ALTER TABLE custos_marketing_diaria ENABLE ROW LEVEL SECURITY;
ALTER TABLE custos_marketing_diaria FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON custos_marketing_diaria
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON custos_marketing_diaria TO crm_app;

CREATE FUNCTION custos_diaria_apos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO custos_marketing_diaria AS r (id_empresa_fk, dia, plataforma, lancamentos, valor_gasto, impressoes, cliques)
    SELECT id_empresa_fk, data_custo, plataforma, count(*), sum(valor_gasto), sum(coalesce(impressoes, 0)), sum(coalesce(cliques, 0))
      FROM novos GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (id_empresa_fk, dia, plataforma) DO UPDATE
      SET lancamentos = r.lancamentos + EXCLUDED.lancamentos, valor_gasto = r.valor_gasto + EXCLUDED.valor_gasto,
          impressoes = r.impressoes + EXCLUDED.impressoes, cliques = r.cliques + EXCLUDED.cliques;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO custos_marketing_diaria AS r (id_empresa_fk, dia, plataforma, lancamentos, valor_gasto, impressoes, cliques)
    SELECT id_empresa_fk, data_custo, plataforma, -count(*), -sum(valor_gasto), -sum(coalesce(impressoes, 0)), -sum(coalesce(cliques, 0))
      FROM velhos GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (id_empresa_fk, dia, plataforma) DO UPDATE
      SET lancamentos = r.lancamentos + EXCLUDED.lancamentos, valor_gasto = r.valor_gasto + EXCLUDED.valor_gasto,
          impressoes = r.impressoes + EXCLUDED.impressoes, cliques = r.cliques + EXCLUDED.cliques;
  ELSE
    INSERT INTO custos_marketing_diaria AS r (id_empresa_fk, dia, plataforma, lancamentos, valor_gasto, impressoes, cliques)
    SELECT e, d, p, sum(n), sum(v), sum(i), sum(c) FROM (
        SELECT id_empresa_fk AS e, data_custo AS d, plataforma AS p, 1 AS n, valor_gasto AS v,
               coalesce(impressoes, 0)::bigint AS i, coalesce(cliques, 0)::bigint AS c FROM novos
        UNION ALL
        SELECT id_empresa_fk, data_custo, plataforma, -1, -valor_gasto, -coalesce(impressoes, 0), -coalesce(cliques, 0) FROM velhos) v
     GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(v) <> 0 OR sum(i) <> 0 OR sum(c) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (id_empresa_fk, dia, plataforma) DO UPDATE
      SET lancamentos = r.lancamentos + EXCLUDED.lancamentos, valor_gasto = r.valor_gasto + EXCLUDED.valor_gasto,
          impressoes = r.impressoes + EXCLUDED.impressoes, cliques = r.cliques + EXCLUDED.cliques;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER custos_diaria_inserir AFTER INSERT ON custos_marketing
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION custos_diaria_apos();
CREATE TRIGGER custos_diaria_excluir AFTER DELETE ON custos_marketing
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT EXECUTE FUNCTION custos_diaria_apos();
CREATE TRIGGER custos_diaria_alterar AFTER UPDATE ON custos_marketing
  REFERENCING OLD TABLE AS velhos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION custos_diaria_apos();

-- the rows already there, as a named system task (RLS is forced: an owner that is not a superuser sees nothing)
SELECT set_config('app.papel', 'sistema', true);
INSERT INTO triagens_resumo_diaria (id_empresa_fk, dia, concluidas, mantidas)
SELECT id_empresa_fk, leads_dia_sp(created_at), sum(triagem_concluida(decisao)), sum(triagem_mantida(decisao, revisao_decisao))
  FROM triagens_ia WHERE triagem_concluida(decisao) = 1 GROUP BY 1, 2;
INSERT INTO custos_marketing_diaria (id_empresa_fk, dia, plataforma, lancamentos, valor_gasto, impressoes, cliques)
SELECT id_empresa_fk, data_custo, plataforma, count(*), sum(valor_gasto), sum(coalesce(impressoes, 0)), sum(coalesce(cliques, 0))
  FROM custos_marketing GROUP BY 1, 2, 3;
SELECT set_config('app.papel', '', true);
