-- Business hours, the away message and response times (decisions 1881-1884).
-- The opening hours per weekday on São Paulo's clock: a JSON array of 7 (0 = Sunday), each {"inicio":"HH:MM",
-- "fim":"HH:MM"} or null (closed). It replaces the one start/end for a set of days of the assignment rule (migration
-- 0026, decision 1503), filled from it here; those three columns stay for one release (decision 1853: a deploy drops
-- nothing an instance still running may read) and are no longer written.
ALTER TABLE empresas
  ADD COLUMN expediente_semana jsonb NOT NULL
    DEFAULT '[null, {"inicio":"08:00","fim":"18:00"}, {"inicio":"08:00","fim":"18:00"}, {"inicio":"08:00","fim":"18:00"}, {"inicio":"08:00","fim":"18:00"}, {"inicio":"08:00","fim":"18:00"}, null]'
    CONSTRAINT empresas_expediente_semana_forma CHECK (jsonb_typeof(expediente_semana) = 'array' AND jsonb_array_length(expediente_semana) = 7),
  -- the away message (decision 1882): off until the admin turns it on; NULL text = the domain's pt-BR default
  ADD COLUMN ausencia_ativa boolean NOT NULL DEFAULT false,
  ADD COLUMN ausencia_texto text CONSTRAINT empresas_ausencia_texto_tamanho CHECK (length(ausencia_texto) BETWEEN 1 AND 1000),
  -- the response-time target in minutes (decision 1883; the spec's tip: 5)
  ADD COLUMN meta_resposta_min integer NOT NULL DEFAULT 5
    CONSTRAINT empresas_meta_resposta_faixa CHECK (meta_resposta_min BETWEEN 1 AND 1440);

UPDATE empresas e SET expediente_semana = (
  SELECT jsonb_agg(CASE WHEN d = ANY (e.expediente_dias)
                        THEN jsonb_build_object('inicio', to_char(e.expediente_inicio, 'HH24:MI'), 'fim', to_char(e.expediente_fim, 'HH24:MI'))
                   END ORDER BY d)
    FROM generate_series(0, 6) AS d);

-- The company's own holidays (state and city; the national ones are built in, decision 1881): the day is closed.
CREATE TABLE feriados_empresa (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  dia date NOT NULL,
  nome text NOT NULL CHECK (length(btrim(nome)) BETWEEN 1 AND 120),
  abrangencia text NOT NULL CHECK (abrangencia IN ('estadual', 'municipal')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id),
  UNIQUE (id_empresa_fk, dia)
);
ALTER TABLE feriados_empresa ENABLE ROW LEVEL SECURITY;
ALTER TABLE feriados_empresa FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON feriados_empresa
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, DELETE ON feriados_empresa TO crm_app;

-- One away message per conversation per closed period (decision 1882): the period is named by its start (the closing
-- time), and the key makes a second one for the same period impossible, whatever instance or retry tries.
CREATE TABLE ausencias_enviadas (
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  id_lead_fk uuid NOT NULL,
  periodo timestamptz NOT NULL,
  -- the message, set in the same transaction right after the period is claimed
  id_mensagem_fk uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id_lead_fk, periodo),
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE CASCADE
);
ALTER TABLE ausencias_enviadas ENABLE ROW LEVEL SECURITY;
ALTER TABLE ausencias_enviadas FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON ausencias_enviadas
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON ausencias_enviadas TO crm_app;
