-- Issue 15 parts 1–2 (decision 1501): one phone identity everywhere, and search by any part of a phone.

-- 1. The domain's normalizarTelefone (packages/domain/src/phone.ts) in SQL, for the stored rows below; a test
--    (apps/server/src/leads/phone-identity.test.ts) checks both give the same answer on generated inputs.
CREATE FUNCTION telefone_brasileiro(n text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN n IS NULL OR n !~ '^[0-9]{10,11}$' THEN NULL
    WHEN NOT (left(n, 2)::int = ANY (ARRAY[11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37,
      38, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81,
      82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99])) THEN NULL
    WHEN length(n) = 11 THEN CASE WHEN substr(n, 3, 1) = '9' THEN '55' || n END
    WHEN substr(n, 3, 1) BETWEEN '2' AND '5' THEN '55' || n
    WHEN substr(n, 3, 1) BETWEEN '6' AND '9' THEN '55' || left(n, 2) || '9' || substr(n, 3)
  END
$$;

CREATE FUNCTION telefone_com_codigo(d text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN d LIKE '55%' THEN telefone_brasileiro(substr(d, 3)) WHEN d ~ '^[1-9][0-9]{7,14}$' THEN d END
$$;

CREATE FUNCTION telefone_canonico(bruto text, internacional boolean DEFAULT false) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  t text;
  d text;
  n text;
BEGIN
  IF bruto IS NULL THEN RETURN NULL; END IF;
  t := regexp_replace(regexp_replace(bruto, '^\s+|\s+$', '', 'g'), '@[A-Za-z.]+$', '');
  IF t ~ '[^0-9\s()+./-]' THEN RETURN NULL; END IF;
  d := regexp_replace(t, '[^0-9]', '', 'g');
  IF d = '' OR length(d) > 17 THEN RETURN NULL; END IF;
  IF left(t, 1) = '+' THEN RETURN telefone_com_codigo(d); END IF;
  IF left(d, 2) = '00' THEN RETURN telefone_com_codigo(substr(d, 3)); END IF;
  IF internacional THEN RETURN telefone_com_codigo(d); END IF;
  n := regexp_replace(d, '^0', '');
  IF left(n, 2) = '55' AND length(n) IN (12, 13) THEN RETURN telefone_brasileiro(substr(n, 3)); END IF;
  RETURN telefone_brasileiro(n);
END $$;

-- 2. What this migration did to each lead's phone, kept (nothing typed is lost) and readable by the company:
--    the phone before, the canonical phone after (NULL: unreadable, left as it was), and, for leads that now share
--    a phone with an older lead of the company (two leads of one person created by the fault), that older lead.
--    Both leads are kept as they are (no merge); an inbound WhatsApp message goes to the most recently active one.
CREATE TABLE leads_telefones_migrados (
  id_empresa_fk uuid NOT NULL,
  id_lead_fk uuid NOT NULL,
  telefone_anterior text,
  telefone_normalizado_anterior text,
  telefone_novo text,
  id_lead_duplicado_de_fk uuid,
  migrado_em timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id_lead_fk),
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE CASCADE,
  FOREIGN KEY (id_empresa_fk, id_lead_duplicado_de_fk) REFERENCES leads_juros_check (id_empresa_fk, id)
    ON DELETE SET NULL (id_lead_duplicado_de_fk)
);
ALTER TABLE leads_telefones_migrados ENABLE ROW LEVEL SECURITY;
ALTER TABLE leads_telefones_migrados FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON leads_telefones_migrados
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT ON leads_telefones_migrados TO crm_app;
CREATE INDEX leads_telefones_migrados_duplicado_idx ON leads_telefones_migrados (id_empresa_fk, id_lead_duplicado_de_fk)
  WHERE id_lead_duplicado_de_fk IS NOT NULL;

-- The data step, a function so that a test can run it over old rows (phone-identity.test.ts); returns how many
-- leads it changed. The typed phone decides; a lead without one keeps what its normalized column says (digits
-- with country code). updated_at stays: a migration is no edit of the lead.
CREATE FUNCTION telefones_migrar() RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  mudados int;
BEGIN
  CREATE TEMP TABLE telefones_novos ON COMMIT DROP AS
  SELECT id_empresa_fk, id, telefone, telefone_normalizado, novo
    FROM (SELECT l.id_empresa_fk, l.id, l.telefone, l.telefone_normalizado,
                 CASE WHEN l.telefone IS NOT NULL THEN telefone_canonico(l.telefone)
                      ELSE telefone_canonico(l.telefone_normalizado, true) END AS novo
            FROM leads_juros_check l WHERE l.telefone IS NOT NULL OR l.telefone_normalizado IS NOT NULL) x
   WHERE novo IS DISTINCT FROM telefone OR novo IS DISTINCT FROM telefone_normalizado;

  INSERT INTO leads_telefones_migrados (id_empresa_fk, id_lead_fk, telefone_anterior, telefone_normalizado_anterior, telefone_novo)
  SELECT id_empresa_fk, id, telefone, telefone_normalizado, novo FROM telefones_novos
  ON CONFLICT (id_empresa_fk, id_lead_fk) DO NOTHING;

  -- the canonical digits in both columns; unreadable phones stay as they were (reported above with no new phone)
  UPDATE leads_juros_check l SET telefone = n.novo, telefone_normalizado = n.novo
    FROM telefones_novos n
   WHERE l.id_empresa_fk = n.id_empresa_fk AND l.id = n.id AND n.novo IS NOT NULL;
  GET DIAGNOSTICS mudados = ROW_COUNT;

  -- leads that now share a phone with an older lead of their company: both kept, the newer one marked
  INSERT INTO leads_telefones_migrados (id_empresa_fk, id_lead_fk, telefone_anterior, telefone_normalizado_anterior,
    telefone_novo, id_lead_duplicado_de_fk)
  SELECT id_empresa_fk, id, telefone, telefone_normalizado, telefone_normalizado, primeiro
    FROM (SELECT l.id_empresa_fk, l.id, l.telefone, l.telefone_normalizado,
                 first_value(l.id) OVER (PARTITION BY l.id_empresa_fk, l.telefone_normalizado ORDER BY l.created_at, l.id) AS primeiro
            FROM leads_juros_check l
           WHERE l.telefone_normalizado IN (SELECT novo FROM telefones_novos WHERE novo IS NOT NULL)) x
   WHERE id <> primeiro
  ON CONFLICT (id_empresa_fk, id_lead_fk) DO UPDATE SET id_lead_duplicado_de_fk = EXCLUDED.id_lead_duplicado_de_fk;

  -- the people's phones of the team, the same way (unreadable ones stay as typed)
  UPDATE usuarios_plataforma SET telefone = telefone_canonico(telefone)
   WHERE telefone_canonico(telefone) IS NOT NULL AND telefone_canonico(telefone) <> telefone;
  UPDATE consultores SET whatsapp = telefone_canonico(whatsapp)
   WHERE telefone_canonico(whatsapp) IS NOT NULL AND telefone_canonico(whatsapp) <> whatsapp;
  UPDATE profissionais_juridicos SET telefone = telefone_canonico(telefone)
   WHERE telefone_canonico(telefone) IS NOT NULL AND telefone_canonico(telefone) <> telefone;
  DROP TABLE telefones_novos;
  RETURN mudados;
END $$;

SELECT telefones_migrar();

-- 3. Search by any run of 4 or more digits of a phone, under RLS. LIKE '%…%' and trigram operators are not
--    leakproof, so no index serves them in a tenant query (0002). Instead every suffix of 4+ digits of the
--    canonical phone is a row, and a run of digits is a prefix range over them (leakproof text comparisons in
--    byte order): '970001111' is the start of the suffix '970001111' of 5511970001111. ~10 rows per lead.
CREATE FUNCTION telefone_sufixos(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array(SELECT substr(t, i) FROM generate_series(1, length(t) - 3) i), '{}')
$$;

CREATE TABLE leads_telefone_busca (
  id_empresa_fk uuid NOT NULL,
  sufixo text COLLATE "C" NOT NULL,
  id_lead_fk uuid NOT NULL,
  PRIMARY KEY (id_empresa_fk, sufixo, id_lead_fk)
);
ALTER TABLE leads_telefone_busca ENABLE ROW LEVEL SECURITY;
ALTER TABLE leads_telefone_busca FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON leads_telefone_busca
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, DELETE ON leads_telefone_busca TO crm_app;

-- kept by triggers like leads_busca (0002): set-based on insert and delete, per row on the rare phone change
CREATE FUNCTION leads_telefone_busca_apos_inserir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leads_telefone_busca (id_empresa_fk, sufixo, id_lead_fk)
  SELECT n.id_empresa_fk, s, n.id FROM novos n CROSS JOIN LATERAL unnest(telefone_sufixos(n.telefone_normalizado)) AS s
   WHERE n.telefone_normalizado IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER leads_telefone_busca_inserir AFTER INSERT ON leads_juros_check
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION leads_telefone_busca_apos_inserir();

CREATE FUNCTION leads_telefone_busca_apos_excluir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM leads_telefone_busca b USING (
    SELECT v.id_empresa_fk, s, v.id FROM velhos v CROSS JOIN LATERAL unnest(telefone_sufixos(v.telefone_normalizado)) AS s
     WHERE v.telefone_normalizado IS NOT NULL
  ) x WHERE b.id_empresa_fk = x.id_empresa_fk AND b.sufixo = x.s AND b.id_lead_fk = x.id;
  RETURN NULL;
END $$;
CREATE TRIGGER leads_telefone_busca_excluir AFTER DELETE ON leads_juros_check
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT EXECUTE FUNCTION leads_telefone_busca_apos_excluir();

CREATE FUNCTION leads_telefone_busca_apos_mudar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM leads_telefone_busca
   WHERE id_empresa_fk = OLD.id_empresa_fk AND id_lead_fk = OLD.id AND sufixo = ANY (telefone_sufixos(OLD.telefone_normalizado));
  INSERT INTO leads_telefone_busca (id_empresa_fk, sufixo, id_lead_fk)
  SELECT NEW.id_empresa_fk, s, NEW.id FROM unnest(telefone_sufixos(NEW.telefone_normalizado)) AS s
   WHERE NEW.telefone_normalizado IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER leads_telefone_busca_mudar AFTER UPDATE OF telefone_normalizado ON leads_juros_check
  FOR EACH ROW WHEN (OLD.telefone_normalizado IS DISTINCT FROM NEW.telefone_normalizado)
  EXECUTE FUNCTION leads_telefone_busca_apos_mudar();

INSERT INTO leads_telefone_busca (id_empresa_fk, sufixo, id_lead_fk)
SELECT l.id_empresa_fk, s, l.id FROM leads_juros_check l CROSS JOIN LATERAL unnest(telefone_sufixos(l.telefone_normalizado)) AS s
 WHERE l.telefone_normalizado IS NOT NULL
ON CONFLICT DO NOTHING;
