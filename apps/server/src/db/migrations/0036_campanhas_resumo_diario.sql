-- Per-campaign and per-ad figures (decision 1213) at 200k leads (decision 1204, session 7): the endpoint grouped the
-- period's leads on every load ('Total': every lead of the company). One row per company, São Paulo day of arrival,
-- first-touch campaign, ad and ad platform ('' for none: these are key columns), kept exact by triggers in the same
-- transaction as the change, as 0010 and 0019 are: the leads, how many the AI qualified (processed by it and in
-- 0602's approved statuses now), how many converted and their closed value.

-- 0602's approved statuses (STATUS_APROVADOS_IA) and 001 §9's converted ones (STATUS_CONVERTIDOS): a test checks both
-- against the domain's sets.
CREATE FUNCTION crm_status_aprovado_ia(s text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN s IN ('Qualificado para Atendente', 'Confirmado pela IA', 'Em Contato / Primeiro Contato',
    'Em Atendimento', 'Em Negociação', 'Proposta Enviada', 'Aguardando Documentação', 'Em Acompanhamento',
    'Convertido', 'Convertido (Ganho)', 'Processo Jurídico') THEN 1 ELSE 0 END
$$;
GRANT EXECUTE ON FUNCTION crm_status_aprovado_ia(text) TO crm_app;

CREATE TABLE campanhas_leads_diaria (
  id_empresa_fk uuid NOT NULL,
  dia date NOT NULL,
  campanha text NOT NULL,
  anuncio_id text NOT NULL,
  plataforma text NOT NULL,
  leads integer NOT NULL,
  qualificados integer NOT NULL,
  conversoes integer NOT NULL,
  receita numeric(16,2) NOT NULL,
  PRIMARY KEY (id_empresa_fk, dia, campanha, anuncio_id, plataforma)
);
ALTER TABLE campanhas_leads_diaria ENABLE ROW LEVEL SECURITY;
ALTER TABLE campanhas_leads_diaria FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON campanhas_leads_diaria
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON campanhas_leads_diaria TO crm_app;

-- what one lead adds to its row (negated when it leaves it)
CREATE FUNCTION campanhas_qualificado(status text, processado timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN processado IS NOT NULL THEN crm_status_aprovado_ia(status) ELSE 0 END
$$;
CREATE FUNCTION campanhas_receita(status text, fechado numeric) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN crm_status_convertido(status) = 1 THEN coalesce(fechado, 0) ELSE 0 END
$$;
GRANT EXECUTE ON FUNCTION campanhas_qualificado(text, timestamptz), campanhas_receita(text, numeric) TO crm_app;

CREATE FUNCTION campanhas_apos_inserir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campanhas_leads_diaria AS r (id_empresa_fk, dia, campanha, anuncio_id, plataforma, leads, qualificados, conversoes, receita)
  SELECT id_empresa_fk, leads_dia_sp(created_at), coalesce(campanha_origem, ''), coalesce(anuncio_id, ''), coalesce(plataforma_anuncio, ''),
         count(*), sum(campanhas_qualificado(status_lead, data_processamento_ia)), sum(crm_status_convertido(status_lead)),
         sum(campanhas_receita(status_lead, valor_contrato_fechado))
    FROM novos GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (id_empresa_fk, dia, campanha, anuncio_id, plataforma) DO UPDATE
    SET leads = r.leads + EXCLUDED.leads, qualificados = r.qualificados + EXCLUDED.qualificados,
        conversoes = r.conversoes + EXCLUDED.conversoes, receita = r.receita + EXCLUDED.receita;
  RETURN NULL;
END $$;
CREATE TRIGGER campanhas_inserir AFTER INSERT ON leads_juros_check
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION campanhas_apos_inserir();

CREATE FUNCTION campanhas_apos_excluir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campanhas_leads_diaria AS r (id_empresa_fk, dia, campanha, anuncio_id, plataforma, leads, qualificados, conversoes, receita)
  SELECT id_empresa_fk, leads_dia_sp(created_at), coalesce(campanha_origem, ''), coalesce(anuncio_id, ''), coalesce(plataforma_anuncio, ''),
         -count(*), -sum(campanhas_qualificado(status_lead, data_processamento_ia)), -sum(crm_status_convertido(status_lead)),
         -sum(campanhas_receita(status_lead, valor_contrato_fechado))
    FROM velhos GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (id_empresa_fk, dia, campanha, anuncio_id, plataforma) DO UPDATE
    SET leads = r.leads + EXCLUDED.leads, qualificados = r.qualificados + EXCLUDED.qualificados,
        conversoes = r.conversoes + EXCLUDED.conversoes, receita = r.receita + EXCLUDED.receita;
  RETURN NULL;
END $$;
CREATE TRIGGER campanhas_excluir AFTER DELETE ON leads_juros_check
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT EXECUTE FUNCTION campanhas_apos_excluir();

-- per row, and only when something the summary counts moves (a status change does: it may qualify or convert)
CREATE FUNCTION campanhas_apos_mover() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END $$;
CREATE TRIGGER campanhas_mover
  AFTER UPDATE OF status_lead, data_processamento_ia, valor_contrato_fechado, campanha_origem, anuncio_id, plataforma_anuncio, created_at
  ON leads_juros_check FOR EACH ROW
  WHEN (OLD.status_lead IS DISTINCT FROM NEW.status_lead
     OR (OLD.data_processamento_ia IS NULL) <> (NEW.data_processamento_ia IS NULL)
     OR OLD.valor_contrato_fechado IS DISTINCT FROM NEW.valor_contrato_fechado
     OR OLD.campanha_origem IS DISTINCT FROM NEW.campanha_origem
     OR OLD.anuncio_id IS DISTINCT FROM NEW.anuncio_id
     OR OLD.plataforma_anuncio IS DISTINCT FROM NEW.plataforma_anuncio
     OR leads_dia_sp(OLD.created_at) <> leads_dia_sp(NEW.created_at))
  EXECUTE FUNCTION campanhas_apos_mover();

-- the costs' side groups the period's costs by campaign and ad: with both in the list index, an index-only scan
DROP INDEX custos_marketing_lista_idx;
CREATE INDEX custos_marketing_lista_idx ON custos_marketing (id_empresa_fk, data_custo DESC, plataforma, created_at DESC, id)
  INCLUDE (valor_gasto, impressoes, cliques, campanha, anuncio_id);

-- the leads already there, as a named system task (RLS is forced: an owner that is not a superuser sees no lead)
SELECT set_config('app.papel', 'sistema', true);
INSERT INTO campanhas_leads_diaria (id_empresa_fk, dia, campanha, anuncio_id, plataforma, leads, qualificados, conversoes, receita)
SELECT id_empresa_fk, leads_dia_sp(created_at), coalesce(campanha_origem, ''), coalesce(anuncio_id, ''), coalesce(plataforma_anuncio, ''),
       count(*), sum(campanhas_qualificado(status_lead, data_processamento_ia)), sum(crm_status_convertido(status_lead)),
       sum(campanhas_receita(status_lead, valor_contrato_fechado))
  FROM leads_juros_check GROUP BY 1, 2, 3, 4, 5;
SELECT set_config('app.papel', '', true);
