-- Issue 11, Performance (decision 1104), after 0033a: the dashboard's documentation alert counted every process of
-- its partial index (processes in 'Documentação Solicitada' with nothing received since the request), as many as a
-- company leaves waiting. A third counter keeps them, kept by the same triggers on processos_sinais; the alert is then
-- the counter minus the requests of the last days (a bounded range at the young end of the index).
ALTER TABLE processos_contagens DROP CONSTRAINT processos_contagens_chave_check;
ALTER TABLE processos_contagens ADD CONSTRAINT processos_contagens_chave_check
  CHECK (chave IN ('documentos', 'sem_prazo', 'documentacao'));

-- the predicate of 0029's processos_sinais_documentacao_idx, as 1 or 0 (NULL comparisons count as outside, as there)
CREATE FUNCTION processos_documentacao_sem_retorno(status text, pedida timestamptz, recebido timestamptz) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN status = 'Documentação Solicitada' AND (recebido IS NULL OR recebido < pedida) THEN 1 ELSE 0 END
$$;

-- both figures of a process's flags; keys in one order (sem_prazo, then documentacao) so that writers lock alike
CREATE OR REPLACE FUNCTION processos_sinais_contar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM processos_contagens_somar('sem_prazo', coalesce(jsonb_agg(jsonb_build_object('e', e, 'n', n)), '[]')),
            processos_contagens_somar('documentacao', coalesce(jsonb_agg(jsonb_build_object('e', e, 'n', d)), '[]'))
       FROM (SELECT id_empresa_fk AS e, sum(processos_sem_prazo(status_juridico_lead, prazos_pendentes)) AS n,
                    sum(processos_documentacao_sem_retorno(status_juridico_lead, documentacao_pedida_em, documento_recebido_em)) AS d
               FROM novos GROUP BY 1) g;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM processos_contagens_somar('sem_prazo', coalesce(jsonb_agg(jsonb_build_object('e', e, 'n', -n)), '[]')),
            processos_contagens_somar('documentacao', coalesce(jsonb_agg(jsonb_build_object('e', e, 'n', -d)), '[]'))
       FROM (SELECT id_empresa_fk AS e, sum(processos_sem_prazo(status_juridico_lead, prazos_pendentes)) AS n,
                    sum(processos_documentacao_sem_retorno(status_juridico_lead, documentacao_pedida_em, documento_recebido_em)) AS d
               FROM velhos GROUP BY 1) g;
  ELSE
    -- row trigger: only when the process enters or leaves a predicate, or changes company
    PERFORM processos_contagens_somar('sem_prazo', jsonb_build_array(
      jsonb_build_object('e', OLD.id_empresa_fk, 'n', -processos_sem_prazo(OLD.status_juridico_lead, OLD.prazos_pendentes)),
      jsonb_build_object('e', NEW.id_empresa_fk, 'n', processos_sem_prazo(NEW.status_juridico_lead, NEW.prazos_pendentes))));
    PERFORM processos_contagens_somar('documentacao', jsonb_build_array(
      jsonb_build_object('e', OLD.id_empresa_fk, 'n',
        -processos_documentacao_sem_retorno(OLD.status_juridico_lead, OLD.documentacao_pedida_em, OLD.documento_recebido_em)),
      jsonb_build_object('e', NEW.id_empresa_fk, 'n',
        processos_documentacao_sem_retorno(NEW.status_juridico_lead, NEW.documentacao_pedida_em, NEW.documento_recebido_em))));
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER processos_sinais_mover ON processos_sinais;
CREATE TRIGGER processos_sinais_mover
  AFTER UPDATE OF status_juridico_lead, prazos_pendentes, documentacao_pedida_em, documento_recebido_em, id_empresa_fk
  ON processos_sinais
  FOR EACH ROW
  WHEN (processos_sem_prazo(OLD.status_juridico_lead, OLD.prazos_pendentes)
          <> processos_sem_prazo(NEW.status_juridico_lead, NEW.prazos_pendentes)
        OR processos_documentacao_sem_retorno(OLD.status_juridico_lead, OLD.documentacao_pedida_em, OLD.documento_recebido_em)
          <> processos_documentacao_sem_retorno(NEW.status_juridico_lead, NEW.documentacao_pedida_em, NEW.documento_recebido_em)
        OR OLD.id_empresa_fk <> NEW.id_empresa_fk)
  EXECUTE FUNCTION processos_sinais_contar();

INSERT INTO processos_contagens (id_empresa_fk, chave, n)
SELECT id_empresa_fk, 'documentacao', sum(processos_documentacao_sem_retorno(status_juridico_lead, documentacao_pedida_em, documento_recebido_em))
  FROM processos_sinais GROUP BY 1;
