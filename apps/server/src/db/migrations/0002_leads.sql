-- Leads at scale (issue 3): the /leads list, its search and sorts stay index-backed with 200k leads in a company.
-- See docs/decisions/0301-leads-search-under-rls.md.
--
-- Row-level security and indexes: under RLS, PostgreSQL only uses a WHERE condition as an index condition when
-- its operator is leakproof (=, <, >= on uuid, text, timestamptz are; lower(), ILIKE, LIKE, @@ and array
-- operators are not). So expression indexes on lower(nome) or trigram indexes never serve a tenant query.
-- Search therefore goes through plain btree ranges: a table of search words per lead, and the phone column.

-- 1. Tenant policies of the lead tables with their settings read once per statement (an InitPlan) instead of
--    once per row: same rule, ~10x cheaper on counts over many rows.
ALTER POLICY tenant ON leads_juros_check
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
ALTER POLICY tenant ON lead_status_historico
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));

-- 2. Text as searched and sorted: lower case, without accents (pt-BR names), any other character kept.
CREATE FUNCTION leads_normalizar_texto(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(translate(t,
    'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ',
    'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy'))
$$;

-- A lead's search words before filtering: the words of its name (letters and digits) and its whole email.
-- One plain expression, so PostgreSQL inlines it into the triggers' set-based statements (an aggregate here cost
-- ~60 µs per lead, most of an import's time). Callers keep the words that are not empty
-- nor 'da', 'de', 'do', 'das', 'dos', 'e', cut to 64 characters.
CREATE FUNCTION leads_termos_busca(nome text, email text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_split_to_array(leads_normalizar_texto(coalesce(nome, '')), '[^a-z0-9]+')
      || CASE WHEN nullif(btrim(email), '') IS NULL THEN '{}'::text[] ELSE ARRAY[leads_normalizar_texto(btrim(email))] END
$$;

-- The words of what a person typed: e-mail-like words whole, the others split like names.
CREATE FUNCTION leads_palavras_consulta(q text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH partes AS (SELECT unnest(regexp_split_to_array(btrim(leads_normalizar_texto(q)), '\s+')) AS p)
  SELECT coalesce(array_agg(DISTINCT w), '{}') FROM (
    SELECT left(p, 64) AS w FROM partes WHERE p LIKE '%@%'
    UNION ALL
    SELECT left(unnest(regexp_split_to_array(p, '[^a-z0-9]+')), 64) FROM partes WHERE p NOT LIKE '%@%'
  ) x WHERE w <> '' AND w NOT IN ('da', 'de', 'do', 'das', 'dos', 'e')
$$;

-- 3. The search words, one row per (lead, word), kept by triggers. "C" collation: byte order, so a prefix is a
--    range (termo >= 'sil' AND termo < 'sil' || U+10FFFF) whatever the database's default collation.
CREATE TABLE leads_busca (
  id_empresa_fk uuid NOT NULL,
  termo text COLLATE "C" NOT NULL,
  id_lead_fk uuid NOT NULL,
  PRIMARY KEY (id_empresa_fk, termo, id_lead_fk)
);
ALTER TABLE leads_busca ENABLE ROW LEVEL SECURITY;
ALTER TABLE leads_busca FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON leads_busca
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, DELETE ON leads_busca TO crm_app;

-- Set-based on insert (an import of 100k leads is one statement), per row on the rare rename or delete.
-- No foreign key: 4 index look-ups per imported lead would cost more than the triggers; the triggers keep it exact.
CREATE FUNCTION leads_busca_apos_inserir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leads_busca (id_empresa_fk, termo, id_lead_fk)
  SELECT n.id_empresa_fk, left(t, 64), n.id FROM novos n CROSS JOIN LATERAL unnest(leads_termos_busca(n.nome, n.email)) AS t
   WHERE t <> '' AND t NOT IN ('da', 'de', 'do', 'das', 'dos', 'e')
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER leads_busca_inserir AFTER INSERT ON leads_juros_check
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION leads_busca_apos_inserir();

CREATE FUNCTION leads_busca_apos_excluir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM leads_busca b USING (
    SELECT v.id_empresa_fk, left(t, 64) AS termo, v.id FROM velhos v CROSS JOIN LATERAL unnest(leads_termos_busca(v.nome, v.email)) AS t
  ) x WHERE b.id_empresa_fk = x.id_empresa_fk AND b.termo = x.termo AND b.id_lead_fk = x.id;
  RETURN NULL;
END $$;
CREATE TRIGGER leads_busca_excluir AFTER DELETE ON leads_juros_check
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT EXECUTE FUNCTION leads_busca_apos_excluir();

CREATE FUNCTION leads_busca_apos_renomear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM leads_busca
   WHERE id_empresa_fk = OLD.id_empresa_fk AND id_lead_fk = OLD.id
     AND termo = ANY (SELECT left(t, 64) FROM unnest(leads_termos_busca(OLD.nome, OLD.email)) AS t);
  INSERT INTO leads_busca (id_empresa_fk, termo, id_lead_fk)
  SELECT NEW.id_empresa_fk, left(t, 64), NEW.id FROM unnest(leads_termos_busca(NEW.nome, NEW.email)) AS t
   WHERE t <> '' AND t NOT IN ('da', 'de', 'do', 'das', 'dos', 'e')
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER leads_busca_renomear AFTER UPDATE OF nome, email ON leads_juros_check
  FOR EACH ROW WHEN (OLD.nome IS DISTINCT FROM NEW.nome OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION leads_busca_apos_renomear();

INSERT INTO leads_busca (id_empresa_fk, termo, id_lead_fk)
SELECT l.id_empresa_fk, left(t, 64), l.id FROM leads_juros_check l CROSS JOIN LATERAL unnest(leads_termos_busca(l.nome, l.email)) AS t
 WHERE t <> '' AND t NOT IN ('da', 'de', 'do', 'das', 'dos', 'e')
ON CONFLICT DO NOTHING;

-- 4. Indexes of the list's sorts and of phone search; the two lower(...) text_pattern_ops indexes of 0001 can
--    never serve a tenant query (see above) and only slowed every insert down.
DROP INDEX leads_empresa_nome_idx;
DROP INDEX leads_empresa_email_idx;
CREATE INDEX leads_empresa_nome_ordem_idx ON leads_juros_check (id_empresa_fk, leads_normalizar_texto(nome), id);
CREATE INDEX leads_empresa_valor_idx ON leads_juros_check (id_empresa_fk, valor_contrato, id);
-- pattern ops serve both '=' (webhooks, duplicates) and prefix ranges (~>=~, ~<~: leakproof) of phone search
DROP INDEX leads_empresa_telefone_idx;
CREATE INDEX leads_empresa_telefone_idx ON leads_juros_check (id_empresa_fk, telefone_normalizado text_pattern_ops);
-- the four counters and the board's column counts group a period's leads by status (and, for a Consultor, by
-- consultant): carried in the period index, those counts are index-only scans instead of heap visits
DROP INDEX leads_empresa_created_idx;
CREATE INDEX leads_empresa_created_idx ON leads_juros_check (id_empresa_fk, created_at DESC, id)
  INCLUDE (status_lead, consultor_atribuido_id);
