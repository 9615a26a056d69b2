-- CSV lead imports run as background jobs (issue 3; docs/decisions/0306-leads-import-job.md). The request checks
-- the file, stores it and enqueues the job with this row in one transaction; the job inserts the leads and keeps
-- the row up to date (progress, then the result or the failure), so the page can follow it and find it again.
CREATE TABLE importacoes_leads (
  id uuid NOT NULL,
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  -- who imported (a company admin, or the platform admin working on the company); the job acts as them
  id_usuario_fk uuid REFERENCES usuarios_plataforma (id) ON DELETE SET NULL,
  nome_arquivo text NOT NULL,
  -- the uploaded file in storage/storage.ts, removed once the import is 'concluida' or 'falhou'
  chave_arquivo text NOT NULL,
  status text NOT NULL DEFAULT 'pendente' CHECK (status IN ('pendente', 'processando', 'concluida', 'falhou')),
  -- lead lines of the file (after the header, repeats within the file included)
  total_linhas integer NOT NULL CHECK (total_linhas >= 0),
  -- leads the job will insert once phones already in the company are left out: known when the job has compared them
  a_inserir integer CHECK (a_inserir >= 0),
  -- leads inserted so far by the running job (written outside its transaction, so not yet committed)
  processadas integer NOT NULL DEFAULT 0 CHECK (processadas >= 0),
  inseridos integer CHECK (inseridos >= 0),
  -- [{ linha, telefone, motivo, linhaOriginal? }] as in the import result
  duplicadas jsonb,
  erro text,
  created_at timestamptz NOT NULL DEFAULT now(),
  iniciada_em timestamptz,
  concluida_em timestamptz,
  PRIMARY KEY (id_empresa_fk, id)
);
CREATE INDEX importacoes_leads_recentes_idx ON importacoes_leads (id_empresa_fk, created_at DESC);

ALTER TABLE importacoes_leads ENABLE ROW LEVEL SECURITY;
ALTER TABLE importacoes_leads FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON importacoes_leads
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON importacoes_leads TO crm_app;
