-- Decisions 1801–1805: outbound webhooks to the Standard Webhooks 1.0 specification, fed by the change log
-- (decision 1701). A company's endpoints; one delivery per event and endpoint (its `webhook-id` fixed at creation,
-- so a retry or a resend never changes it); one row per attempt (the delivery log, kept 30 days).

CREATE TABLE webhook_endpoints (
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
  descricao text NOT NULL DEFAULT '' CHECK (length(descricao) <= 200),
  -- the event types wanted; null: all of them, those added later included
  tipos_evento text[],
  ativo boolean NOT NULL DEFAULT true,
  -- why it was switched off by the system: 'gone' (the receiver answered 410), 'falhas' (5 days of failures)
  desativado_motivo text CHECK (desativado_motivo IN ('gone', 'falhas', 'manual')),
  -- `whsec_…`, encrypted with the company secrets' key (crypto/secrets.ts)
  segredo_cifrado text NOT NULL,
  -- the secret before the last rotation, still signing beside the new one until `segredo_anterior_ate` (24 h)
  segredo_anterior_cifrado text,
  segredo_anterior_ate timestamptz,
  -- the first failed attempt since the last success: 5 days of it disable the endpoint
  falhando_desde timestamptz,
  criado_por_fk uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id),
  FOREIGN KEY (id_empresa_fk, criado_por_fk) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE SET NULL (criado_por_fk)
);
ALTER TABLE webhook_endpoints ENABLE ROW LEVEL SECURITY;
ALTER TABLE webhook_endpoints FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON webhook_endpoints
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE, DELETE ON webhook_endpoints TO crm_app;

CREATE TABLE webhook_entregas (
  id_empresa_fk uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_endpoint_fk uuid NOT NULL,
  -- the `webhook-id` header: `msg_<change>_<n>_<endpoint>`, or `msg_teste_…` for a test event (no '.', per the spec)
  id_mensagem text NOT NULL CHECK (id_mensagem ~ '^msg_[A-Za-z0-9_]+$'),
  -- the change log's row it came from (null for a test event)
  id_mudanca bigint,
  tipo text NOT NULL,
  -- the exact body sent and signed (the payload {type, timestamp, data}, without personal data: decision 1802)
  corpo text NOT NULL,
  estado text NOT NULL DEFAULT 'pendente' CHECK (estado IN ('pendente', 'entregue', 'falhou')),
  tentativas int NOT NULL DEFAULT 0,
  proxima_tentativa_em timestamptz NOT NULL DEFAULT now(),
  -- an instance sending it now holds it until then (a dead instance's deliveries come back after it)
  reservada_ate timestamptz,
  criada_em timestamptz NOT NULL DEFAULT now(),
  concluida_em timestamptz,
  PRIMARY KEY (id_empresa_fk, id),
  UNIQUE (id_empresa_fk, id_endpoint_fk, id_mensagem),
  FOREIGN KEY (id_empresa_fk, id_endpoint_fk) REFERENCES webhook_endpoints (id_empresa_fk, id) ON DELETE CASCADE
);
-- what the sender claims: the due deliveries, oldest first
CREATE INDEX webhook_entregas_devidas_idx ON webhook_entregas (proxima_tentativa_em) WHERE estado = 'pendente';
-- the screen's log of one endpoint, newest first, and the 30 days' clean-up
CREATE INDEX webhook_entregas_endpoint_idx ON webhook_entregas (id_endpoint_fk, criada_em DESC);
ALTER TABLE webhook_entregas ENABLE ROW LEVEL SECURITY;
ALTER TABLE webhook_entregas FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON webhook_entregas
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE, DELETE ON webhook_entregas TO crm_app;

CREATE TABLE webhook_tentativas (
  id_empresa_fk uuid NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  id_entrega_fk uuid NOT NULL,
  tentativa int NOT NULL,
  em timestamptz NOT NULL DEFAULT now(),
  -- the request's headers (webhook-id, webhook-timestamp, webhook-signature, content-type)
  cabecalhos jsonb NOT NULL,
  status_resposta int,
  -- the first 4 kB of the answer's body
  corpo_resposta text,
  -- why it failed without an answer (timeout, refused by the outbound guard, connection reset)
  erro text,
  latencia_ms int NOT NULL,
  PRIMARY KEY (id_empresa_fk, id),
  FOREIGN KEY (id_empresa_fk, id_entrega_fk) REFERENCES webhook_entregas (id_empresa_fk, id) ON DELETE CASCADE
);
CREATE INDEX webhook_tentativas_entrega_idx ON webhook_tentativas (id_entrega_fk, tentativa);
ALTER TABLE webhook_tentativas ENABLE ROW LEVEL SECURITY;
ALTER TABLE webhook_tentativas FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON webhook_tentativas
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, DELETE ON webhook_tentativas TO crm_app;

-- The follower that turns the log into deliveries starts at the log's end: no endpoint existed before, so nothing
-- earlier has anyone to go to, and a first start does not walk a long history for nothing.
INSERT INTO mudancas_leitores (leitor, ate, ate_id)
SELECT 'webhooks', coalesce(max(transacao), '0'::xid8), coalesce(max(id), 0) FROM mudancas
ON CONFLICT (leitor) DO NOTHING;
