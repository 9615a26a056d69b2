-- Issue 11, Performance (decision 1104): the legal dashboard and /processos's counters over 50k processes of one
-- company among 1M leads read summaries kept exact by triggers in the same transaction as the change (as 0010 keeps
-- the leads' counters), and the dashboard's alerts read per-process flags through partial indexes, so each is a
-- bounded index scan instead of a pass over the company's processes.
-- A process is a lead in 'Convertido (Ganho)'; a process with no legal status counts as 'Aguardando Contato
-- Jurídico' (as the dashboard always showed it). Months are São Paulo months at 0010's fixed UTC−3 offset.

-- 1. Processes and closed value per legal status.
CREATE TABLE processos_resumo (
  id_empresa_fk uuid NOT NULL,
  status_juridico_lead text NOT NULL,
  n integer NOT NULL,
  valor_fechado numeric(16, 2) NOT NULL,
  PRIMARY KEY (id_empresa_fk, status_juridico_lead)
);
-- 2. Processes opened (by conversion month) and finished (distinct leads moved into 'Finalizado Jurídico') per month.
CREATE TABLE processos_resumo_mensal (
  id_empresa_fk uuid NOT NULL,
  mes date NOT NULL,
  abertos integer NOT NULL DEFAULT 0,
  finalizados integer NOT NULL DEFAULT 0,
  PRIMARY KEY (id_empresa_fk, mes)
);
-- 3. One row per process: what the dashboard's alerts ask, kept by triggers on the lead, its history, its documents
--    and its deadlines.
CREATE TABLE processos_sinais (
  id_empresa_fk uuid NOT NULL,
  id_lead_fk uuid NOT NULL,
  status_juridico_lead text NOT NULL,
  convertido_em timestamptz,
  -- the last move into 'Documentação Solicitada' (history) and the last document uploaded to the lead
  documentacao_pedida_em timestamptz,
  documento_recebido_em timestamptz,
  prazos_pendentes integer NOT NULL DEFAULT 0,
  PRIMARY KEY (id_empresa_fk, id_lead_fk),
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE CASCADE ON UPDATE CASCADE
);
-- documentation requested with nothing received since, by the request's date
CREATE INDEX processos_sinais_documentacao_idx ON processos_sinais (id_empresa_fk, documentacao_pedida_em, id_lead_fk)
  WHERE status_juridico_lead = 'Documentação Solicitada'
    AND (documento_recebido_em IS NULL OR documento_recebido_em < documentacao_pedida_em);
-- open processes with no pending deadline, oldest conversion first
CREATE INDEX processos_sinais_sem_prazo_idx ON processos_sinais (id_empresa_fk, convertido_em NULLS FIRST, id_lead_fk)
  WHERE status_juridico_lead <> 'Finalizado Jurídico' AND prazos_pendentes = 0;
-- waiting for the first contact, oldest conversion first
CREATE INDEX processos_sinais_sem_contato_idx ON processos_sinais (id_empresa_fk, convertido_em, id_lead_fk)
  WHERE status_juridico_lead = 'Aguardando Contato Jurídico';

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['processos_resumo', 'processos_resumo_mensal', 'processos_sinais'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I
      USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
      WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO crm_app', t);
  END LOOP;
END $$;

CREATE FUNCTION processos_mes_sp(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_trunc('month', leads_dia_sp(t))::date
$$;

-- 'd': [{e, s, n, v, m}] deltas (company, legal status, count, closed value, conversion month), applied in key order
-- so that concurrent writers of one company lock the summary rows in the same order
CREATE FUNCTION processos_resumo_aplicar(d jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO processos_resumo AS r (id_empresa_fk, status_juridico_lead, n, valor_fechado)
  SELECT (x->>'e')::uuid, x->>'s', sum((x->>'n')::int), sum((x->>'v')::numeric)
    FROM jsonb_array_elements(d) x GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (id_empresa_fk, status_juridico_lead) DO UPDATE
    SET n = r.n + EXCLUDED.n, valor_fechado = r.valor_fechado + EXCLUDED.valor_fechado;
  INSERT INTO processos_resumo_mensal AS r (id_empresa_fk, mes, abertos)
  SELECT (x->>'e')::uuid, (x->>'m')::date, sum((x->>'n')::int)
    FROM jsonb_array_elements(d) x WHERE x->>'m' IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (id_empresa_fk, mes) DO UPDATE SET abertos = r.abertos + EXCLUDED.abertos;
END $$;

-- a process's flags computed from its data (a lead entering 'Convertido (Ganho)', and the migration's fill)
CREATE FUNCTION processos_sinais_gravar(e uuid, lead uuid, status text, convertido timestamptz) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO processos_sinais AS s (id_empresa_fk, id_lead_fk, status_juridico_lead, convertido_em,
                                     documentacao_pedida_em, documento_recebido_em, prazos_pendentes)
  VALUES (e, lead, coalesce(status, 'Aguardando Contato Jurídico'), convertido,
          (SELECT max(h.created_at) FROM lead_status_historico h
            WHERE h.id_empresa_fk = e AND h.id_lead_fk = lead AND h.campo = 'status_juridico_lead'
              AND h.valor_novo = 'Documentação Solicitada'),
          (SELECT max(d.data_upload) FROM documentos d WHERE d.id_empresa_fk = e AND d.id_lead_fk = lead),
          (SELECT count(*) FROM prazos_processo p WHERE p.id_empresa_fk = e AND p.id_lead_fk = lead AND p.estado = 'pendente'))
  ON CONFLICT (id_empresa_fk, id_lead_fk) DO UPDATE
    SET status_juridico_lead = EXCLUDED.status_juridico_lead, convertido_em = EXCLUDED.convertido_em
$$;

CREATE FUNCTION processos_apos_inserir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM processos_resumo_aplicar(coalesce(jsonb_agg(jsonb_build_object('e', e, 's', s, 'n', n, 'v', v, 'm', m)), '[]'))
     FROM (SELECT id_empresa_fk AS e, coalesce(status_juridico_lead, 'Aguardando Contato Jurídico') AS s,
                  processos_mes_sp(convertido_em) AS m, count(*) AS n, coalesce(sum(valor_contrato_fechado), 0) AS v
             FROM novos WHERE status_lead = 'Convertido (Ganho)' GROUP BY 1, 2, 3) g;
  PERFORM processos_sinais_gravar(id_empresa_fk, id, status_juridico_lead, convertido_em)
     FROM novos WHERE status_lead = 'Convertido (Ganho)';
  RETURN NULL;
END $$;
CREATE TRIGGER processos_inserir AFTER INSERT ON leads_juros_check
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION processos_apos_inserir();

-- the flags go with the lead (foreign key, cascade)
CREATE FUNCTION processos_apos_excluir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM processos_resumo_aplicar(coalesce(jsonb_agg(jsonb_build_object('e', e, 's', s, 'n', -n, 'v', -v, 'm', m)), '[]'))
     FROM (SELECT id_empresa_fk AS e, coalesce(status_juridico_lead, 'Aguardando Contato Jurídico') AS s,
                  processos_mes_sp(convertido_em) AS m, count(*) AS n, coalesce(sum(valor_contrato_fechado), 0) AS v
             FROM velhos WHERE status_lead = 'Convertido (Ganho)' GROUP BY 1, 2, 3) g;
  RETURN NULL;
END $$;
CREATE TRIGGER processos_excluir AFTER DELETE ON leads_juros_check
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT EXECUTE FUNCTION processos_apos_excluir();

-- per row, only when something a summary reads moves: a lead's frequent other updates skip it
CREATE FUNCTION processos_apos_mover() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d jsonb := '[]';
BEGIN
  IF OLD.status_lead = 'Convertido (Ganho)' THEN
    d := d || jsonb_build_object('e', OLD.id_empresa_fk, 's', coalesce(OLD.status_juridico_lead, 'Aguardando Contato Jurídico'),
                                 'n', -1, 'v', -coalesce(OLD.valor_contrato_fechado, 0), 'm', processos_mes_sp(OLD.convertido_em));
  END IF;
  IF NEW.status_lead = 'Convertido (Ganho)' THEN
    d := d || jsonb_build_object('e', NEW.id_empresa_fk, 's', coalesce(NEW.status_juridico_lead, 'Aguardando Contato Jurídico'),
                                 'n', 1, 'v', coalesce(NEW.valor_contrato_fechado, 0), 'm', processos_mes_sp(NEW.convertido_em));
  END IF;
  PERFORM processos_resumo_aplicar(d);
  IF NEW.status_lead = 'Convertido (Ganho)' THEN
    IF OLD.status_lead = 'Convertido (Ganho)' AND OLD.id_empresa_fk = NEW.id_empresa_fk THEN
      UPDATE processos_sinais SET status_juridico_lead = coalesce(NEW.status_juridico_lead, 'Aguardando Contato Jurídico'),
                                  convertido_em = NEW.convertido_em
       WHERE id_empresa_fk = NEW.id_empresa_fk AND id_lead_fk = NEW.id;
    ELSE
      PERFORM processos_sinais_gravar(NEW.id_empresa_fk, NEW.id, NEW.status_juridico_lead, NEW.convertido_em);
    END IF;
  ELSIF OLD.status_lead = 'Convertido (Ganho)' THEN
    DELETE FROM processos_sinais WHERE id_empresa_fk = OLD.id_empresa_fk AND id_lead_fk = OLD.id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER processos_mover
  AFTER UPDATE OF status_lead, status_juridico_lead, valor_contrato_fechado, convertido_em, id_empresa_fk ON leads_juros_check
  FOR EACH ROW
  WHEN ((OLD.status_lead = 'Convertido (Ganho)' OR NEW.status_lead = 'Convertido (Ganho)')
        AND (OLD.status_lead IS DISTINCT FROM NEW.status_lead OR OLD.status_juridico_lead IS DISTINCT FROM NEW.status_juridico_lead
             OR OLD.valor_contrato_fechado IS DISTINCT FROM NEW.valor_contrato_fechado
             OR OLD.convertido_em IS DISTINCT FROM NEW.convertido_em OR OLD.id_empresa_fk <> NEW.id_empresa_fk))
  EXECUTE FUNCTION processos_apos_mover();

-- 4. The history (append-only; its rows go with the lead): moves into 'Documentação Solicitada' set the request's
--    date; moves into 'Finalizado Jurídico' count once per lead and month, whatever the statement's size.
CREATE FUNCTION processos_historico_apos_inserir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE processos_sinais s SET documentacao_pedida_em = greatest(s.documentacao_pedida_em, n.desde)
    FROM (SELECT id_empresa_fk, id_lead_fk, max(created_at) AS desde FROM novos
           WHERE campo = 'status_juridico_lead' AND valor_novo = 'Documentação Solicitada' GROUP BY 1, 2) n
   WHERE s.id_empresa_fk = n.id_empresa_fk AND s.id_lead_fk = n.id_lead_fk;
  -- a lead's month is new when all its moves of that month now in the history came with this statement (one index
  -- lookup per lead and month, whatever the statement's size)
  INSERT INTO processos_resumo_mensal AS r (id_empresa_fk, mes, finalizados)
  SELECT t.e, t.m, count(*) FROM (
    SELECT id_empresa_fk AS e, id_lead_fk AS l, processos_mes_sp(created_at) AS m, count(*) AS k FROM novos
     WHERE campo = 'status_juridico_lead' AND valor_novo = 'Finalizado Jurídico' GROUP BY 1, 2, 3) t
   WHERE t.k = (SELECT count(*) FROM lead_status_historico h
                 WHERE h.id_empresa_fk = t.e AND h.id_lead_fk = t.l AND h.campo = 'status_juridico_lead'
                   AND h.valor_novo = 'Finalizado Jurídico' AND processos_mes_sp(h.created_at) = t.m)
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (id_empresa_fk, mes) DO UPDATE SET finalizados = r.finalizados + EXCLUDED.finalizados;
  RETURN NULL;
END $$;
CREATE TRIGGER processos_historico_inserir AFTER INSERT ON lead_status_historico
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION processos_historico_apos_inserir();

CREATE FUNCTION processos_historico_apos_excluir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE processos_sinais s
     SET documentacao_pedida_em = (SELECT max(h.created_at) FROM lead_status_historico h
                                    WHERE h.id_empresa_fk = s.id_empresa_fk AND h.id_lead_fk = s.id_lead_fk
                                      AND h.campo = 'status_juridico_lead' AND h.valor_novo = 'Documentação Solicitada')
    FROM (SELECT DISTINCT id_empresa_fk, id_lead_fk FROM velhos
           WHERE campo = 'status_juridico_lead' AND valor_novo = 'Documentação Solicitada') v
   WHERE s.id_empresa_fk = v.id_empresa_fk AND s.id_lead_fk = v.id_lead_fk;
  INSERT INTO processos_resumo_mensal AS r (id_empresa_fk, mes, finalizados)
  SELECT t.e, t.m, -count(*) FROM (
    SELECT DISTINCT id_empresa_fk AS e, id_lead_fk AS l, processos_mes_sp(created_at) AS m FROM velhos
     WHERE campo = 'status_juridico_lead' AND valor_novo = 'Finalizado Jurídico') t
   WHERE NOT EXISTS (SELECT 1 FROM lead_status_historico h
                      WHERE h.id_empresa_fk = t.e AND h.id_lead_fk = t.l AND h.campo = 'status_juridico_lead'
                        AND h.valor_novo = 'Finalizado Jurídico' AND processos_mes_sp(h.created_at) = t.m)
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (id_empresa_fk, mes) DO UPDATE SET finalizados = r.finalizados + EXCLUDED.finalizados;
  RETURN NULL;
END $$;
CREATE TRIGGER processos_historico_excluir AFTER DELETE ON lead_status_historico
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT EXECUTE FUNCTION processos_historico_apos_excluir();

-- 5. Documents: the last upload to the lead.
CREATE FUNCTION processos_documentos_mudaram() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE processos_sinais s SET documento_recebido_em = (SELECT max(d.data_upload) FROM documentos d
                                                            WHERE d.id_empresa_fk = s.id_empresa_fk AND d.id_lead_fk = s.id_lead_fk)
     WHERE s.id_empresa_fk = OLD.id_empresa_fk AND s.id_lead_fk = OLD.id_lead_fk;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE processos_sinais s SET documento_recebido_em = (SELECT max(d.data_upload) FROM documentos d
                                                            WHERE d.id_empresa_fk = s.id_empresa_fk AND d.id_lead_fk = s.id_lead_fk)
     WHERE s.id_empresa_fk = NEW.id_empresa_fk AND s.id_lead_fk = NEW.id_lead_fk;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER processos_documentos AFTER INSERT OR DELETE OR UPDATE OF data_upload, id_lead_fk ON documentos
  FOR EACH ROW EXECUTE FUNCTION processos_documentos_mudaram();

-- 6. Deadlines: the process's pending count.
CREATE FUNCTION processos_prazos_mudaram() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE processos_sinais s SET prazos_pendentes = (SELECT count(*) FROM prazos_processo p
                                                       WHERE p.id_empresa_fk = s.id_empresa_fk AND p.id_lead_fk = s.id_lead_fk
                                                         AND p.estado = 'pendente')
     WHERE s.id_empresa_fk = OLD.id_empresa_fk AND s.id_lead_fk = OLD.id_lead_fk;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE processos_sinais s SET prazos_pendentes = (SELECT count(*) FROM prazos_processo p
                                                       WHERE p.id_empresa_fk = s.id_empresa_fk AND p.id_lead_fk = s.id_lead_fk
                                                         AND p.estado = 'pendente')
     WHERE s.id_empresa_fk = NEW.id_empresa_fk AND s.id_lead_fk = NEW.id_lead_fk;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER processos_prazos AFTER INSERT OR DELETE OR UPDATE OF estado, id_lead_fk ON prazos_processo
  FOR EACH ROW EXECUTE FUNCTION processos_prazos_mudaram();

-- 7. The existing data.
INSERT INTO processos_resumo (id_empresa_fk, status_juridico_lead, n, valor_fechado)
SELECT id_empresa_fk, coalesce(status_juridico_lead, 'Aguardando Contato Jurídico'), count(*), coalesce(sum(valor_contrato_fechado), 0)
  FROM leads_juros_check WHERE status_lead = 'Convertido (Ganho)' GROUP BY 1, 2;
INSERT INTO processos_resumo_mensal AS r (id_empresa_fk, mes, abertos)
SELECT id_empresa_fk, processos_mes_sp(convertido_em), count(*)
  FROM leads_juros_check WHERE status_lead = 'Convertido (Ganho)' AND convertido_em IS NOT NULL GROUP BY 1, 2;
INSERT INTO processos_resumo_mensal AS r (id_empresa_fk, mes, finalizados)
SELECT id_empresa_fk, processos_mes_sp(created_at), count(DISTINCT id_lead_fk)
  FROM lead_status_historico WHERE campo = 'status_juridico_lead' AND valor_novo = 'Finalizado Jurídico' GROUP BY 1, 2
ON CONFLICT (id_empresa_fk, mes) DO UPDATE SET finalizados = EXCLUDED.finalizados;
SELECT processos_sinais_gravar(id_empresa_fk, id, status_juridico_lead, convertido_em)
  FROM leads_juros_check WHERE status_lead = 'Convertido (Ganho)';
