-- Issue 13 part 3, decision 1310: 'API personalizada' (Enterprise) — a company's API keys for its own systems
-- (a website form, a partner) to create leads through POST /api/v1/leads. Only the SHA-256 of a key is stored;
-- the key names its company (crm_<company>_<secret>), so the lookup runs inside that company's tenant context.
CREATE TABLE chaves_api (
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  nome text NOT NULL CHECK (length(nome) BETWEEN 1 AND 100),
  -- the first characters of the secret, shown in the list so a key can be recognised
  prefixo text NOT NULL,
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  criada_por_fk uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  ultimo_uso_em timestamptz,
  revogada_em timestamptz,
  PRIMARY KEY (id_empresa_fk, id),
  FOREIGN KEY (id_empresa_fk, criada_por_fk) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE SET NULL (criada_por_fk)
);
CREATE UNIQUE INDEX chaves_api_hash_uq ON chaves_api (id_empresa_fk, hash);
ALTER TABLE chaves_api ENABLE ROW LEVEL SECURITY;
ALTER TABLE chaves_api FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON chaves_api
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON chaves_api TO crm_app;
