-- AI screening, automatic assignment and presence (issue 6).

-- The newest lead message a screening read: a second call for the same conversation does nothing
-- (triarLead is safe to call repeatedly). Not a foreign key: messages may be removed with their lead only.
ALTER TABLE triagens_ia ADD COLUMN id_mensagem_ref uuid;
CREATE INDEX triagens_ia_decisao_idx ON triagens_ia (id_empresa_fk, decisao, created_at DESC);

-- A screening waiting for the model holds a lease on its lead instead of a database transaction: the model may
-- take seconds, and a connection held that long would starve the pool. A second run for the lead sees the lease
-- and leaves the lead to the first, which reads the conversation again before it answers. A lease outlives a
-- crashed run by at most its expiry.
CREATE TABLE triagem_execucoes (
  id_empresa_fk uuid NOT NULL,
  id_lead_fk uuid NOT NULL,
  execucao uuid NOT NULL,
  ate timestamptz NOT NULL,
  PRIMARY KEY (id_empresa_fk, id_lead_fk),
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE CASCADE
);
ALTER TABLE triagem_execucoes ENABLE ROW LEVEL SECURITY;
ALTER TABLE triagem_execucoes FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON triagem_execucoes USING (id_empresa_fk = app_empresa_id() OR app_cruza_empresas())
  WITH CHECK (id_empresa_fk = app_empresa_id() OR app_cruza_empresas());

-- Presence: one row per open WebSocket of a consultant, on whichever server instance holds it. The row is
-- refreshed by the connection's ping; a row not refreshed for a while belongs to a dead connection or instance.
-- A consultant's status_conexao is computed from these rows, so every instance agrees.
CREATE TABLE presencas_consultor (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL,
  id_consultor_fk uuid NOT NULL,
  ocioso boolean NOT NULL DEFAULT false,
  visto_em timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id),
  FOREIGN KEY (id_empresa_fk, id_consultor_fk) REFERENCES consultores (id_empresa_fk, id) ON DELETE CASCADE
);
CREATE INDEX presencas_consultor_idx ON presencas_consultor (id_empresa_fk, id_consultor_fk, visto_em);
CREATE INDEX presencas_visto_idx ON presencas_consultor (visto_em);

ALTER TABLE presencas_consultor ENABLE ROW LEVEL SECURITY;
ALTER TABLE presencas_consultor FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON presencas_consultor USING (id_empresa_fk = app_empresa_id() OR app_cruza_empresas())
  WITH CHECK (id_empresa_fk = app_empresa_id() OR app_cruza_empresas());

-- Assignment picks the connected consultant with the fewest open leads.
CREATE INDEX leads_consultor_status_idx ON leads_juros_check (id_empresa_fk, consultor_atribuido_id, status_lead)
  WHERE consultor_atribuido_id IS NOT NULL;

GRANT SELECT, INSERT, UPDATE, DELETE ON presencas_consultor, triagem_execucoes TO crm_app;
