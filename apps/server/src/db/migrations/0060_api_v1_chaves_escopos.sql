-- Decisions 1811–1813: the public API v1. Keys get scopes per resource, an optional last day and IP allow-list;
-- keys made before (the legacy format, no signature) keep working with every scope. Writes are idempotent per key
-- (Idempotency-Key: the first answer kept 24 h). The API's lists page by (updated_at, id).

ALTER TABLE chaves_api
  ADD COLUMN escopos text[] NOT NULL DEFAULT ARRAY['leads:read', 'leads:write', 'messages:read', 'messages:send',
    'processes:read', 'processes:write', 'costs:read', 'costs:write', 'users:read'],
  ADD COLUMN expira_em date,
  ADD COLUMN ips_permitidos cidr[] NOT NULL DEFAULT '{}',
  -- a key of the signed format (crm_live_…, decision 1811) carries a tag only the server can make; a legacy one does not
  ADD COLUMN assinada boolean NOT NULL DEFAULT false;
-- the default gave the existing keys every scope; a new key always names its own
ALTER TABLE chaves_api ALTER COLUMN escopos DROP DEFAULT;
ALTER TABLE chaves_api ADD CONSTRAINT chaves_api_escopos_check CHECK (cardinality(escopos) BETWEEN 1 AND 20);
ALTER TABLE chaves_api ADD CONSTRAINT chaves_api_ips_check CHECK (cardinality(ips_permitidos) <= 20);

-- a status or assignment changed through the API is recorded in the lead's history as such
ALTER TABLE lead_status_historico DROP CONSTRAINT lead_status_historico_origem_check;
ALTER TABLE lead_status_historico ADD CONSTRAINT lead_status_historico_origem_check
  CHECK (origem IN ('usuario', 'ia', 'sistema', 'importacao', 'api'));

-- Idempotency-Key of POST/PATCH /api/v1 (decision 1812): claimed before the handler runs ('em_andamento'), the answer
-- stored after; a key older than 24 h is free again.
CREATE TABLE api_idempotencia (
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  id_chave_fk uuid NOT NULL,
  chave text NOT NULL CHECK (length(chave) BETWEEN 1 AND 255),
  -- SHA-256 of method, path and body: the same key with another request is refused (422)
  pedido text NOT NULL,
  status_http int,
  tipo_conteudo text,
  corpo text,
  criada_em timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id_chave_fk, chave),
  FOREIGN KEY (id_empresa_fk, id_chave_fk) REFERENCES chaves_api (id_empresa_fk, id) ON DELETE CASCADE
);
CREATE INDEX api_idempotencia_criada_idx ON api_idempotencia (criada_em);
ALTER TABLE api_idempotencia ENABLE ROW LEVEL SECURITY;
ALTER TABLE api_idempotencia FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON api_idempotencia
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE, DELETE ON api_idempotencia TO crm_app;

-- GET /api/v1/leads walks (updated_at, id) from a cursor: one range of this index per page
CREATE INDEX leads_empresa_updated_id_idx ON leads_juros_check (id_empresa_fk, updated_at, id);
