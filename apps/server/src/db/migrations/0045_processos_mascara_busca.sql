-- A /processos search for a common word (decision 1104) walks the page's order and looks each process's terms up in
-- leads_busca: for 'Silva' (one lead in nine) about 200 look-ups of four index pages each for a page of 25, most of
-- PostgreSQL's time for that page. A process now carries a small summary of its terms, a 64-bit mask (a Bloom filter
-- with two bits per term: its first 3 and first 4 characters, hashed), and the list's default indexes include it. A
-- process whose mask lacks a word's bits cannot have a term starting with that word, so it is passed over from the
-- index alone; only the few left (the matches and ~2% by chance) are looked up. The mask never decides a match.
CREATE FUNCTION leads_mascara_termos(termos text[]) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(bit_or(1::bigint << (abs(hashtext(left(t, n))) % 64)), 0)
    FROM unnest(termos) AS t, (VALUES (3), (4)) AS v(n)
   WHERE length(t) >= n
$$;

-- Only processes are walked this way, so only they carry it (NULL for other leads: no rewrite of the table). Kept by
-- a BEFORE trigger when a lead becomes a process, or a process changes name or e-mail.
ALTER TABLE leads_juros_check ADD COLUMN busca_mascara bigint;

CREATE FUNCTION leads_mascara_busca_antes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.busca_mascara := leads_mascara_termos(leads_termos_busca(NEW.nome, NEW.email));
  RETURN NEW;
END $$;
CREATE TRIGGER leads_mascara_busca_inserir BEFORE INSERT ON leads_juros_check
  FOR EACH ROW WHEN (NEW.status_lead = 'Convertido (Ganho)') EXECUTE FUNCTION leads_mascara_busca_antes();
CREATE TRIGGER leads_mascara_busca_mudar BEFORE UPDATE OF status_lead, nome, email ON leads_juros_check
  FOR EACH ROW WHEN (NEW.status_lead = 'Convertido (Ganho)' AND (OLD.status_lead IS DISTINCT FROM NEW.status_lead
    OR OLD.nome IS DISTINCT FROM NEW.nome OR OLD.email IS DISTINCT FROM NEW.email))
  EXECUTE FUNCTION leads_mascara_busca_antes();

UPDATE leads_juros_check SET busca_mascara = leads_mascara_termos(leads_termos_busca(nome, email))
 WHERE status_lead = 'Convertido (Ganho)';

-- the default order's walks, with and without a legal status, read the mask from the index (index-only)
DROP INDEX leads_processos_updated_idx;
CREATE INDEX leads_processos_updated_idx ON leads_juros_check (id_empresa_fk, updated_at DESC, id DESC)
  INCLUDE (busca_mascara) WHERE status_lead = 'Convertido (Ganho)';
DROP INDEX leads_processos_status_idx;
CREATE INDEX leads_processos_status_idx ON leads_juros_check (id_empresa_fk, status_juridico_lead, updated_at DESC, id DESC)
  INCLUDE (busca_mascara) WHERE status_lead = 'Convertido (Ganho)';
