-- Issue 11, Performance (decision 1104): the legal dashboard as one statement of a few milliseconds over 50k
-- processes. Two of its figures still counted many rows per request after 0029: the company's documents (a count
-- over `documentos`) and the open processes with no pending deadline (a count over a partial index of
-- processos_sinais). Both become counters kept exact by triggers in the same transaction as the change, as 0010 and
-- 0029 keep theirs. One row per company and figure: an upload and a deadline's change never wait for each other.
CREATE TABLE processos_contagens (
  id_empresa_fk uuid NOT NULL,
  chave text NOT NULL CHECK (chave IN ('documentos', 'sem_prazo')),
  n bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (id_empresa_fk, chave)
);
ALTER TABLE processos_contagens ENABLE ROW LEVEL SECURITY;
ALTER TABLE processos_contagens FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON processos_contagens
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE, DELETE ON processos_contagens TO crm_app;

-- 'd': [{e, n}] deltas of one figure per company, applied in company order (concurrent writers lock in one order);
-- a statement that moves nothing writes nothing (no lock on the company's row)
CREATE FUNCTION processos_contagens_somar(k text, d jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO processos_contagens AS c (id_empresa_fk, chave, n)
  SELECT (x->>'e')::uuid, k, sum((x->>'n')::bigint) FROM jsonb_array_elements(d) x
   GROUP BY 1 HAVING sum((x->>'n')::bigint) <> 0 ORDER BY 1
  ON CONFLICT (id_empresa_fk, chave) DO UPDATE SET n = c.n + EXCLUDED.n
$$;

-- 1. Documents: every document of the company (what the dashboard's 'Total de documentos' counts).
CREATE FUNCTION processos_documentos_contar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM processos_contagens_somar('documentos', coalesce(jsonb_agg(jsonb_build_object('e', e, 'n', n)), '[]'))
       FROM (SELECT id_empresa_fk AS e, count(*) AS n FROM novos GROUP BY 1) g;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM processos_contagens_somar('documentos', coalesce(jsonb_agg(jsonb_build_object('e', e, 'n', -n)), '[]'))
       FROM (SELECT id_empresa_fk AS e, count(*) AS n FROM velhos GROUP BY 1) g;
  ELSE
    -- a document moved to another company (row trigger, only then)
    PERFORM processos_contagens_somar('documentos',
      jsonb_build_array(jsonb_build_object('e', OLD.id_empresa_fk, 'n', -1), jsonb_build_object('e', NEW.id_empresa_fk, 'n', 1)));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER processos_documentos_inserir AFTER INSERT ON documentos
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION processos_documentos_contar();
CREATE TRIGGER processos_documentos_excluir AFTER DELETE ON documentos
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT EXECUTE FUNCTION processos_documentos_contar();
CREATE TRIGGER processos_documentos_empresa AFTER UPDATE OF id_empresa_fk ON documentos
  FOR EACH ROW WHEN (OLD.id_empresa_fk IS DISTINCT FROM NEW.id_empresa_fk) EXECUTE FUNCTION processos_documentos_contar();

-- 2. Open processes (not 'Finalizado Jurídico') with no pending deadline: the rows of 0029's
--    processos_sinais_sem_prazo_idx, counted as they enter and leave that predicate.
CREATE FUNCTION processos_sem_prazo(status text, pendentes integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN status <> 'Finalizado Jurídico' AND pendentes = 0 THEN 1 ELSE 0 END
$$;

CREATE FUNCTION processos_sinais_contar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM processos_contagens_somar('sem_prazo', coalesce(jsonb_agg(jsonb_build_object('e', e, 'n', n)), '[]'))
       FROM (SELECT id_empresa_fk AS e, sum(processos_sem_prazo(status_juridico_lead, prazos_pendentes)) AS n
               FROM novos GROUP BY 1) g;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM processos_contagens_somar('sem_prazo', coalesce(jsonb_agg(jsonb_build_object('e', e, 'n', -n)), '[]'))
       FROM (SELECT id_empresa_fk AS e, sum(processos_sem_prazo(status_juridico_lead, prazos_pendentes)) AS n
               FROM velhos GROUP BY 1) g;
  ELSE
    -- row trigger: only when the process enters or leaves the predicate, or changes company
    PERFORM processos_contagens_somar('sem_prazo', jsonb_build_array(
      jsonb_build_object('e', OLD.id_empresa_fk, 'n', -processos_sem_prazo(OLD.status_juridico_lead, OLD.prazos_pendentes)),
      jsonb_build_object('e', NEW.id_empresa_fk, 'n', processos_sem_prazo(NEW.status_juridico_lead, NEW.prazos_pendentes))));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER processos_sinais_inserir AFTER INSERT ON processos_sinais
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION processos_sinais_contar();
CREATE TRIGGER processos_sinais_excluir AFTER DELETE ON processos_sinais
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT EXECUTE FUNCTION processos_sinais_contar();
CREATE TRIGGER processos_sinais_mover AFTER UPDATE OF status_juridico_lead, prazos_pendentes, id_empresa_fk ON processos_sinais
  FOR EACH ROW
  WHEN (processos_sem_prazo(OLD.status_juridico_lead, OLD.prazos_pendentes)
          <> processos_sem_prazo(NEW.status_juridico_lead, NEW.prazos_pendentes)
        OR OLD.id_empresa_fk <> NEW.id_empresa_fk)
  EXECUTE FUNCTION processos_sinais_contar();

-- 3. The existing data.
INSERT INTO processos_contagens (id_empresa_fk, chave, n)
SELECT id_empresa_fk, 'documentos', count(*) FROM documentos GROUP BY 1;
INSERT INTO processos_contagens (id_empresa_fk, chave, n)
SELECT id_empresa_fk, 'sem_prazo', sum(processos_sem_prazo(status_juridico_lead, prazos_pendentes))
  FROM processos_sinais GROUP BY 1;
