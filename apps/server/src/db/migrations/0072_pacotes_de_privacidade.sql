-- Decisions 1865–1867: the access and portability package of a titular's request (LGPD art. 18 II and V, art. 19 II).
-- One package per request: a ZIP (the machine-readable JSON of everything held about the titular, the media and the
-- documents, and the PDF declaration) built by a job, kept in private storage for 7 days behind a link whose token is
-- stored only as a keyed hash; each download is a row here and in the change log.
CREATE TABLE privacidade_pacotes (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  id_pedido_fk uuid NOT NULL,
  -- na_fila → gerando → pronto → expirado; falhou when the job's tries ran out (the admin may start it again)
  status text NOT NULL CHECK (status IN ('na_fila', 'gerando', 'pronto', 'falhou', 'expirado')),
  -- 0–100, written by the job as it goes (the screen polls it)
  progresso smallint NOT NULL DEFAULT 0 CHECK (progresso BETWEEN 0 AND 100),
  tentativas smallint NOT NULL DEFAULT 0,
  erro text CHECK (length(erro) <= 500),
  storage_key text,
  tamanho bigint CHECK (tamanho >= 0),
  mensagens integer CHECK (mensagens >= 0),
  arquivos integer CHECK (arquivos >= 0),
  -- HMAC-SHA256(APP_SECRET, pacote:token): the link's token itself is only in the message sent to the titular
  token_hash text,
  solicitado_em timestamptz NOT NULL,
  solicitado_por_fk uuid,
  pronto_em timestamptz,
  expira_em timestamptz,
  removido_em timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id),
  UNIQUE (id_empresa_fk, id_pedido_fk),
  FOREIGN KEY (id_empresa_fk, id_pedido_fk) REFERENCES privacidade_pedidos (id_empresa_fk, id) ON DELETE CASCADE,
  FOREIGN KEY (id_empresa_fk, solicitado_por_fk) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE SET NULL (solicitado_por_fk),
  CHECK ((status = 'pronto') = (storage_key IS NOT NULL AND expira_em IS NOT NULL AND removido_em IS NULL))
);
-- the public link finds its package by the token's hash, in the company of the address
CREATE UNIQUE INDEX privacidade_pacotes_token_idx ON privacidade_pacotes (id_empresa_fk, token_hash) WHERE token_hash IS NOT NULL;
-- the expiry sweep, across companies: ready packages by expiry
CREATE INDEX privacidade_pacotes_expira_idx ON privacidade_pacotes (expira_em) WHERE status = 'pronto';

-- Each download of a package (by the titular's link or by the company's admin): appended, never rewritten.
CREATE TABLE privacidade_pacote_downloads (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  id_pacote_fk uuid NOT NULL,
  canal text NOT NULL CHECK (canal IN ('link_titular', 'empresa')),
  id_usuario_fk uuid,
  baixado_em timestamptz NOT NULL,
  PRIMARY KEY (id_empresa_fk, id),
  FOREIGN KEY (id_empresa_fk, id_pacote_fk) REFERENCES privacidade_pacotes (id_empresa_fk, id) ON DELETE CASCADE,
  FOREIGN KEY (id_empresa_fk, id_usuario_fk) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE SET NULL (id_usuario_fk)
);
CREATE INDEX privacidade_pacote_downloads_pacote_idx ON privacidade_pacote_downloads (id_empresa_fk, id_pacote_fk, baixado_em);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['privacidade_pacotes', 'privacidade_pacote_downloads'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
      WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))', t);
  END LOOP;
END $$;
GRANT SELECT, INSERT, UPDATE ON privacidade_pacotes TO crm_app;
GRANT SELECT, INSERT ON privacidade_pacote_downloads TO crm_app;
