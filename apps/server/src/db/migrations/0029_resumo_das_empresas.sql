-- Issue 13 performance (decision 1307): the platform's figures and /empresas read one summary row per company and
-- one per company and São Paulo month, kept exact by triggers in the same transaction as the change, instead of
-- summing ~110k counter rows (a year of 1,000 companies × 9 statuses) or counting each card's leads per request.
-- /empresas searches name and contact email through trigram indexes.

-- 1. The status sets of 000 §9 as the dashboard counts them (@crm/domain/dashboard STATUS_QUALIFICADOS and
--    STATUS_CONVERTIDOS_DASHBOARD; apps/server/src/platform/company-summary.test.ts fails if they drift apart).
CREATE FUNCTION crm_status_qualificado(s text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN s IN ('Qualificado para Atendente', 'Confirmado pela IA', 'Em Contato / Primeiro Contato',
    'Em Atendimento', 'Em Negociação', 'Proposta Enviada', 'Aguardando Documentação', 'Em Acompanhamento',
    'Convertido', 'Convertido (Ganho)', 'Processo Jurídico', 'Aguardando Retorno', 'Não Interessado', 'Sem Resposta')
    THEN 1 ELSE 0 END
$$;
CREATE FUNCTION crm_status_convertido(s text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN s IN ('Convertido', 'Convertido (Ganho)') THEN 1 ELSE 0 END
$$;
GRANT EXECUTE ON FUNCTION crm_status_qualificado(text), crm_status_convertido(text) TO crm_app;

-- 2. One row per company: its leads (all time) by what they are now, and its accounts by role and status.
CREATE TABLE empresas_resumo (
  id_empresa_fk uuid NOT NULL PRIMARY KEY,
  leads integer NOT NULL DEFAULT 0,
  qualificados integer NOT NULL DEFAULT 0,
  convertidos integer NOT NULL DEFAULT 0,
  usuarios_ativos integer NOT NULL DEFAULT 0,
  usuarios_inativos integer NOT NULL DEFAULT 0,
  admins_ativos integer NOT NULL DEFAULT 0,
  consultores_ativos integer NOT NULL DEFAULT 0,
  juridicos_ativos integer NOT NULL DEFAULT 0
);
-- 3. One row per company and São Paulo month of creation: its leads by what they are now.
CREATE TABLE empresas_resumo_mensal (
  id_empresa_fk uuid NOT NULL,
  mes date NOT NULL CHECK (extract(day FROM mes) = 1),
  leads integer NOT NULL DEFAULT 0,
  qualificados integer NOT NULL DEFAULT 0,
  convertidos integer NOT NULL DEFAULT 0,
  PRIMARY KEY (id_empresa_fk, mes)
);
CREATE INDEX empresas_resumo_mensal_mes_idx ON empresas_resumo_mensal (mes) INCLUDE (id_empresa_fk, leads, qualificados, convertidos);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['empresas_resumo', 'empresas_resumo_mensal'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I
      USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
      WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE ON %I TO crm_app', t);
  END LOOP;
END $$;

-- 4. Lead changes. Deltas per (company, month); the company row is written FIRST and in key order, then the month
--    rows in key order: every writer of a company's counts (leads and accounts alike) takes its company row before
--    anything else of this summary, so two transactions cannot wait on each other here. These triggers are named
--    'empresas_resumo_*' so they run before 0010's 'leads_contagem_*' on the same statement (alphabetical order).
CREATE FUNCTION empresas_resumo_aplicar_leads(d jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO empresas_resumo AS r (id_empresa_fk, leads, qualificados, convertidos)
  SELECT (x->>'e')::uuid, sum((x->>'n')::int), sum((x->>'q')::int), sum((x->>'c')::int)
    FROM jsonb_array_elements(d) x GROUP BY 1 ORDER BY 1
  ON CONFLICT (id_empresa_fk) DO UPDATE
    SET leads = r.leads + EXCLUDED.leads, qualificados = r.qualificados + EXCLUDED.qualificados,
        convertidos = r.convertidos + EXCLUDED.convertidos;
  INSERT INTO empresas_resumo_mensal AS r (id_empresa_fk, mes, leads, qualificados, convertidos)
  SELECT (x->>'e')::uuid, (x->>'m')::date, sum((x->>'n')::int), sum((x->>'q')::int), sum((x->>'c')::int)
    FROM jsonb_array_elements(d) x GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (id_empresa_fk, mes) DO UPDATE
    SET leads = r.leads + EXCLUDED.leads, qualificados = r.qualificados + EXCLUDED.qualificados,
        convertidos = r.convertidos + EXCLUDED.convertidos;
END $$;

CREATE FUNCTION empresas_resumo_apos_inserir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM empresas_resumo_aplicar_leads(coalesce(jsonb_agg(jsonb_build_object('e', e, 'm', m, 'n', n, 'q', q, 'c', c)), '[]'))
     FROM (SELECT id_empresa_fk AS e, date_trunc('month', leads_dia_sp(created_at))::date AS m, count(*) AS n,
                  sum(crm_status_qualificado(status_lead)) AS q, sum(crm_status_convertido(status_lead)) AS c
             FROM novos GROUP BY 1, 2) g;
  RETURN NULL;
END $$;
CREATE TRIGGER empresas_resumo_inserir AFTER INSERT ON leads_juros_check
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION empresas_resumo_apos_inserir();

CREATE FUNCTION empresas_resumo_apos_excluir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM empresas_resumo_aplicar_leads(coalesce(jsonb_agg(jsonb_build_object('e', e, 'm', m, 'n', -n, 'q', -q, 'c', -c)), '[]'))
     FROM (SELECT id_empresa_fk AS e, date_trunc('month', leads_dia_sp(created_at))::date AS m, count(*) AS n,
                  sum(crm_status_qualificado(status_lead)) AS q, sum(crm_status_convertido(status_lead)) AS c
             FROM velhos GROUP BY 1, 2) g;
  RETURN NULL;
END $$;
CREATE TRIGGER empresas_resumo_excluir AFTER DELETE ON leads_juros_check
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT EXECUTE FUNCTION empresas_resumo_apos_excluir();

-- per row, when the status, the day or the company moves (0010's condition: a lead's frequent other updates skip
-- it); a move inside one set still writes its zero delta, so it takes the company row before 0010's day rows
CREATE FUNCTION empresas_resumo_apos_mover() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM empresas_resumo_aplicar_leads(jsonb_build_array(
    jsonb_build_object('e', OLD.id_empresa_fk, 'm', date_trunc('month', leads_dia_sp(OLD.created_at))::date, 'n', -1,
                       'q', -crm_status_qualificado(OLD.status_lead), 'c', -crm_status_convertido(OLD.status_lead)),
    jsonb_build_object('e', NEW.id_empresa_fk, 'm', date_trunc('month', leads_dia_sp(NEW.created_at))::date, 'n', 1,
                       'q', crm_status_qualificado(NEW.status_lead), 'c', crm_status_convertido(NEW.status_lead))));
  RETURN NULL;
END $$;
CREATE TRIGGER empresas_resumo_mover AFTER UPDATE OF status_lead, created_at, id_empresa_fk ON leads_juros_check FOR EACH ROW
  WHEN (OLD.status_lead IS DISTINCT FROM NEW.status_lead OR leads_dia_sp(OLD.created_at) <> leads_dia_sp(NEW.created_at)
        OR OLD.id_empresa_fk <> NEW.id_empresa_fk)
  EXECUTE FUNCTION empresas_resumo_apos_mover();

-- 5. Account changes (platform admins have no company and are left out).
CREATE FUNCTION empresas_resumo_contas(e uuid, papel text, ativo boolean, sinal integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO empresas_resumo AS r (id_empresa_fk, usuarios_ativos, usuarios_inativos, admins_ativos, consultores_ativos, juridicos_ativos)
  SELECT e, CASE WHEN ativo THEN sinal ELSE 0 END, CASE WHEN ativo THEN 0 ELSE sinal END,
         CASE WHEN ativo AND papel = 'Admin Empresa' THEN sinal ELSE 0 END,
         CASE WHEN ativo AND papel = 'Consultor' THEN sinal ELSE 0 END,
         CASE WHEN ativo AND papel = 'Jurídico' THEN sinal ELSE 0 END
   WHERE e IS NOT NULL
  ON CONFLICT (id_empresa_fk) DO UPDATE
    SET usuarios_ativos = r.usuarios_ativos + EXCLUDED.usuarios_ativos,
        usuarios_inativos = r.usuarios_inativos + EXCLUDED.usuarios_inativos,
        admins_ativos = r.admins_ativos + EXCLUDED.admins_ativos,
        consultores_ativos = r.consultores_ativos + EXCLUDED.consultores_ativos,
        juridicos_ativos = r.juridicos_ativos + EXCLUDED.juridicos_ativos
$$;

CREATE FUNCTION empresas_resumo_apos_conta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- two companies in key order (a move between companies), the old row's side first when it is the same one
  IF TG_OP = 'UPDATE' AND OLD.id_empresa_fk IS DISTINCT FROM NEW.id_empresa_fk AND NEW.id_empresa_fk < OLD.id_empresa_fk THEN
    PERFORM empresas_resumo_contas(NEW.id_empresa_fk, NEW.papel, NEW.ativo, 1);
    PERFORM empresas_resumo_contas(OLD.id_empresa_fk, OLD.papel, OLD.ativo, -1);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM empresas_resumo_contas(OLD.id_empresa_fk, OLD.papel, OLD.ativo, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM empresas_resumo_contas(NEW.id_empresa_fk, NEW.papel, NEW.ativo, 1);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER empresas_resumo_conta_inserir AFTER INSERT OR DELETE ON usuarios_plataforma
  FOR EACH ROW EXECUTE FUNCTION empresas_resumo_apos_conta();
CREATE TRIGGER empresas_resumo_conta_mudar AFTER UPDATE OF papel, ativo, id_empresa_fk ON usuarios_plataforma FOR EACH ROW
  WHEN (OLD.papel IS DISTINCT FROM NEW.papel OR OLD.ativo IS DISTINCT FROM NEW.ativo
        OR OLD.id_empresa_fk IS DISTINCT FROM NEW.id_empresa_fk)
  EXECUTE FUNCTION empresas_resumo_apos_conta();

-- 6. The rows of today's data.
INSERT INTO empresas_resumo_mensal (id_empresa_fk, mes, leads, qualificados, convertidos)
SELECT id_empresa_fk, date_trunc('month', leads_dia_sp(created_at))::date, count(*),
       sum(crm_status_qualificado(status_lead)), sum(crm_status_convertido(status_lead))
  FROM leads_juros_check GROUP BY 1, 2;
INSERT INTO empresas_resumo (id_empresa_fk, leads, qualificados, convertidos, usuarios_ativos, usuarios_inativos,
                             admins_ativos, consultores_ativos, juridicos_ativos)
SELECT e.id, coalesce(l.leads, 0), coalesce(l.q, 0), coalesce(l.c, 0), coalesce(u.ativos, 0), coalesce(u.inativos, 0),
       coalesce(u.admins, 0), coalesce(u.consultores, 0), coalesce(u.juridicos, 0)
  FROM empresas e
  LEFT JOIN (SELECT id_empresa_fk, sum(leads)::int AS leads, sum(qualificados)::int AS q, sum(convertidos)::int AS c
               FROM empresas_resumo_mensal GROUP BY 1) l ON l.id_empresa_fk = e.id
  LEFT JOIN (SELECT id_empresa_fk, count(*) FILTER (WHERE ativo)::int AS ativos, count(*) FILTER (WHERE NOT ativo)::int AS inativos,
                    count(*) FILTER (WHERE ativo AND papel = 'Admin Empresa')::int AS admins,
                    count(*) FILTER (WHERE ativo AND papel = 'Consultor')::int AS consultores,
                    count(*) FILTER (WHERE ativo AND papel = 'Jurídico')::int AS juridicos
               FROM usuarios_plataforma WHERE id_empresa_fk IS NOT NULL GROUP BY 1) u ON u.id_empresa_fk = e.id;

-- 7. /empresas search (000 §5: name or contact email, case-insensitive, accents ignored). Row-level security keeps
--    a trigram index from serving the platform admin: LIKE is not leakproof, so PostgreSQL must apply the tenant
--    policy before it and cannot use the index (0002 says the same of the leads). Instead every suffix of the
--    normalized name and email (first 40 characters of each) is a row here, and an infix search is a btree range
--    on the suffixes (text comparison is leakproof): 'justa' finds 'revisão justa' through the suffix 'justa'.
--    Terms longer than 40 characters use their first 40 here; company-search.ts re-checks the whole term.
CREATE TABLE empresas_busca (
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  sufixo text COLLATE "C" NOT NULL,
  PRIMARY KEY (id_empresa_fk, sufixo)
);
CREATE INDEX empresas_busca_sufixo_idx ON empresas_busca (sufixo, id_empresa_fk);
ALTER TABLE empresas_busca ENABLE ROW LEVEL SECURITY;
ALTER TABLE empresas_busca FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON empresas_busca
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, DELETE ON empresas_busca TO crm_app;

CREATE FUNCTION empresas_busca_sufixos(nome text, email text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT left(substr(t, i), 40) COLLATE "C"
    FROM unnest(ARRAY[crm_sem_acento(nome), crm_sem_acento(email)]) t, generate_series(1, length(t)) i
   WHERE t IS NOT NULL AND t <> ''
$$;
CREATE FUNCTION empresas_busca_atualizar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM empresas_busca WHERE id_empresa_fk = OLD.id;
  END IF;
  INSERT INTO empresas_busca (id_empresa_fk, sufixo)
  SELECT NEW.id, s FROM empresas_busca_sufixos(NEW.nome_empresa, NEW.email_contato) s;
  RETURN NULL;
END $$;
CREATE TRIGGER empresas_busca_inserir AFTER INSERT ON empresas FOR EACH ROW EXECUTE FUNCTION empresas_busca_atualizar();
CREATE TRIGGER empresas_busca_mudar AFTER UPDATE OF nome_empresa, email_contato ON empresas FOR EACH ROW
  WHEN (OLD.nome_empresa IS DISTINCT FROM NEW.nome_empresa OR OLD.email_contato IS DISTINCT FROM NEW.email_contato)
  EXECUTE FUNCTION empresas_busca_atualizar();
INSERT INTO empresas_busca (id_empresa_fk, sufixo)
SELECT e.id, s FROM empresas e, empresas_busca_sufixos(e.nome_empresa, e.email_contato) s;
