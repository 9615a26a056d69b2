-- A phone search's page (issue 15 part 2, decision 1501) is sorted, by default, by the lead's creation. Its suffix rows
-- (0027) named only the lead, so a fragment with a few hundred matches read every matching lead from the table to sort
-- them (~3 buffers each) and then read the page's 25 again. Each suffix row now carries its lead's created_at in the
-- primary key's index (INCLUDE), so the matches are sorted from that index alone (index-only) and only the page's
-- leads are read.
-- Rebuilt rather than updated in place: an UPDATE of every row left the old versions in the heap, and the new primary
-- key, built in the same transaction, indexed those as well (twice its size until a REINDEX).
ALTER TABLE leads_telefone_busca DROP CONSTRAINT leads_telefone_busca_pkey;
DROP INDEX leads_telefone_busca_lead_idx;
TRUNCATE leads_telefone_busca;
ALTER TABLE leads_telefone_busca ADD COLUMN created_at timestamptz NOT NULL;
INSERT INTO leads_telefone_busca (id_empresa_fk, sufixo, id_lead_fk, created_at)
SELECT l.id_empresa_fk, s, l.id, l.created_at FROM leads_juros_check l CROSS JOIN LATERAL unnest(telefone_sufixos(l.telefone_normalizado)) AS s
 WHERE l.telefone_normalizado IS NOT NULL
ON CONFLICT DO NOTHING;
ALTER TABLE leads_telefone_busca ADD PRIMARY KEY (id_empresa_fk, sufixo, id_lead_fk) INCLUDE (created_at);
CREATE INDEX leads_telefone_busca_lead_idx ON leads_telefone_busca (id_empresa_fk, id_lead_fk) INCLUDE (sufixo);
GRANT UPDATE ON leads_telefone_busca TO crm_app;

CREATE OR REPLACE FUNCTION leads_telefone_busca_apos_inserir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leads_telefone_busca (id_empresa_fk, sufixo, id_lead_fk, created_at)
  SELECT n.id_empresa_fk, s, n.id, n.created_at FROM novos n CROSS JOIN LATERAL unnest(telefone_sufixos(n.telefone_normalizado)) AS s
   WHERE n.telefone_normalizado IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- a phone change replaces the lead's suffixes; a creation time changed alone (a data fix, an import keeping the
-- original date) is copied to them
CREATE OR REPLACE FUNCTION leads_telefone_busca_apos_mudar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.telefone_normalizado IS DISTINCT FROM NEW.telefone_normalizado THEN
    DELETE FROM leads_telefone_busca
     WHERE id_empresa_fk = OLD.id_empresa_fk AND id_lead_fk = OLD.id AND sufixo = ANY (telefone_sufixos(OLD.telefone_normalizado));
    INSERT INTO leads_telefone_busca (id_empresa_fk, sufixo, id_lead_fk, created_at)
    SELECT NEW.id_empresa_fk, s, NEW.id, NEW.created_at FROM unnest(telefone_sufixos(NEW.telefone_normalizado)) AS s
     WHERE NEW.telefone_normalizado IS NOT NULL
    ON CONFLICT DO NOTHING;
  ELSE
    UPDATE leads_telefone_busca SET created_at = NEW.created_at
     WHERE id_empresa_fk = NEW.id_empresa_fk AND id_lead_fk = NEW.id AND sufixo = ANY (telefone_sufixos(NEW.telefone_normalizado));
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER leads_telefone_busca_mudar ON leads_juros_check;
CREATE TRIGGER leads_telefone_busca_mudar AFTER UPDATE OF telefone_normalizado, created_at ON leads_juros_check
  FOR EACH ROW WHEN (OLD.telefone_normalizado IS DISTINCT FROM NEW.telefone_normalizado OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION leads_telefone_busca_apos_mudar();
