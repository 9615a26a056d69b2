-- Decision 1832: internal notes of a lead's chat. A note is not a message: it lives in its own table, which no send
-- path reads, so nothing that sends to a lead can pick one up; the send job also refuses a note's id (the guard of
-- whatsapp/send-message.ts). Visible to the company's users only (RLS by company; the platform admin is kept out
-- by the permission table).
CREATE TABLE notas_lead (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  id_lead_fk uuid NOT NULL,
  id_autor_fk uuid,
  autor_nome text NOT NULL,
  texto text NOT NULL CHECK (length(btrim(texto)) BETWEEN 1 AND 4096),
  -- the users mentioned (@Nome), each notified once when the note is written
  mencoes uuid[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id),
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE CASCADE,
  FOREIGN KEY (id_empresa_fk, id_autor_fk) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE SET NULL (id_autor_fk)
);
CREATE INDEX notas_lead_idx ON notas_lead (id_empresa_fk, id_lead_fk, created_at, id);

-- Decision 1833: the company's tags (name, colour) and the tags on each lead.
CREATE TABLE etiquetas (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  nome text NOT NULL CHECK (length(btrim(nome)) BETWEEN 1 AND 40),
  cor text NOT NULL CHECK (cor ~ '^#[0-9a-f]{6}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id)
);
CREATE UNIQUE INDEX etiquetas_nome_uq ON etiquetas (id_empresa_fk, lower(nome));

CREATE TABLE leads_etiquetas (
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  id_lead_fk uuid NOT NULL,
  id_etiqueta_fk uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id_lead_fk, id_etiqueta_fk),
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE CASCADE,
  FOREIGN KEY (id_empresa_fk, id_etiqueta_fk) REFERENCES etiquetas (id_empresa_fk, id) ON DELETE CASCADE
);
-- the filter by tag on /leads, /meus-leads and /conversas: the leads of a tag
CREATE INDEX leads_etiquetas_etiqueta_idx ON leads_etiquetas (id_empresa_fk, id_etiqueta_fk, id_lead_fk);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['notas_lead', 'etiquetas', 'leads_etiquetas'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
      WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO crm_app', t);
  END LOOP;
END $$;
