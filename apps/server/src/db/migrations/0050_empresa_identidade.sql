-- A company is its name, read as a person reads it (case, accents, spaces and punctuation ignored), with its contact
-- email (decision 1651): 'Nova Empresa' and the public sign-up accepted an exact duplicate, whose first admin's
-- invitation then failed, leaving a company nobody could run. Two companies may share a trade name (with different
-- contacts); the same name with the same contact is the same company, entered twice.
-- search_path from the migration's: an index expression is evaluated with pg_catalog only (PostgreSQL 17).
CREATE FUNCTION empresas_chave_nome(nome text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  SET search_path FROM CURRENT AS $$
  SELECT regexp_replace(leads_normalizar_texto(nome), '[^a-z0-9]+', '', 'g')
$$;

-- Duplicates already stored keep their rows and data; all but the oldest get ' (2)', ' (3)'… after the name, so
-- the operator can tell them apart in /empresas and delete the one nobody uses.
WITH dup AS (
  SELECT id, row_number() OVER (PARTITION BY empresas_chave_nome(nome_empresa), email_contato ORDER BY created_at, id) AS n
    FROM empresas
)
UPDATE empresas e SET nome_empresa = left(e.nome_empresa, 190) || ' (' || dup.n || ')', updated_at = now()
  FROM dup
 WHERE dup.id = e.id AND dup.n > 1;

CREATE UNIQUE INDEX empresas_identidade_key ON empresas (empresas_chave_nome(nome_empresa), email_contato);
