-- Decisions 1611 and 1612: the turn of a company's live WhatsApp connection check. The connection screen asks the
-- gateway every 30 s (001 'WhatsApp connection'), from every open tab and after every live change; without a shared
-- turn each of those became a gateway call (739 in 12 s while pairing). One row per company: a check runs only when
-- it claims the row (UPDATE … WHERE proxima <= now() AND the lease is free … RETURNING), so at most one gateway call
-- is in flight per company across tabs and instances, at most one per 30 s, and fewer after consecutive errors.
CREATE TABLE whatsapp_verificacoes (
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  -- the earliest time the next check may ask the provider
  proxima timestamptz NOT NULL DEFAULT now(),
  -- a claimed check runs until this time at most (a process that died mid-call frees the turn when it passes)
  em_curso_ate timestamptz,
  -- consecutive checks that ended in a provider error: the wait before the next one doubles with each
  erros_seguidos integer NOT NULL DEFAULT 0 CHECK (erros_seguidos >= 0),
  -- when the provider last answered a check (the screen's 'Última verificação')
  verificada_em timestamptz,
  PRIMARY KEY (id_empresa_fk)
);
ALTER TABLE whatsapp_verificacoes ENABLE ROW LEVEL SECURITY;
ALTER TABLE whatsapp_verificacoes FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON whatsapp_verificacoes
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE, DELETE ON whatsapp_verificacoes TO crm_app;
