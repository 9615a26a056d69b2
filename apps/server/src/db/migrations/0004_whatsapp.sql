-- WhatsApp pipeline (issue 4): webhook inbox, outbound message details, send pacing, Conversas indexes.

-- Webhook inbox. A provider event is written here exactly once (the webhook answers only after this
-- insert commits; a redelivery has the same key and is dropped), then a job turns it into messages,
-- status changes and session updates. Processed rows are kept a week so late redeliveries stay duplicates.
CREATE TABLE whatsapp_eventos (
  id bigint GENERATED ALWAYS AS IDENTITY,
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  chave text NOT NULL CHECK (length(chave) BETWEEN 1 AND 300),
  tipo text NOT NULL CHECK (tipo IN ('mensagem', 'status', 'conexao')),
  dados jsonb NOT NULL,
  recebido_em timestamptz NOT NULL DEFAULT now(),
  processado_em timestamptz,
  tentativas int NOT NULL DEFAULT 0,
  proxima_tentativa_em timestamptz NOT NULL DEFAULT now(),
  erro text,
  PRIMARY KEY (id_empresa_fk, id),
  UNIQUE (id_empresa_fk, chave)
);
CREATE INDEX whatsapp_eventos_pendentes_idx ON whatsapp_eventos (id_empresa_fk, proxima_tentativa_em, id)
  WHERE processado_em IS NULL;
CREATE INDEX whatsapp_eventos_processados_idx ON whatsapp_eventos (processado_em) WHERE processado_em IS NOT NULL;

ALTER TABLE whatsapp_eventos ENABLE ROW LEVEL SECURITY;
ALTER TABLE whatsapp_eventos FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON whatsapp_eventos USING (id_empresa_fk = app_empresa_id() OR app_cruza_empresas())
  WITH CHECK (id_empresa_fk = app_empresa_id() OR app_cruza_empresas());

-- What an outbound message needs to be sent again (retry), and where inbound media comes from.
ALTER TABLE mensagens_whatsapp
  ADD COLUMN template_idioma text,
  ADD COLUMN template_parametros jsonb,
  ADD COLUMN tentativas int NOT NULL DEFAULT 0,
  ADD COLUMN status_em timestamptz,
  -- the provider's reference of an incoming file (media id, or the gateway's message key)
  ADD COLUMN media_ref text;

-- Pacing: the next free send slot of the company's number, shared by every server instance; and when the
-- admins were last told the connection dropped (once per disconnection, not once per failed message).
ALTER TABLE whatsapp_sessions
  ADD COLUMN proximo_envio_em timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN desconexao_notificada_em timestamptz;

-- Conversas: leads by their last message, for the company and for one consultant.
CREATE INDEX leads_empresa_ultima_mensagem_idx ON leads_juros_check (id_empresa_fk, ultima_mensagem_em DESC, id)
  WHERE ultima_mensagem_em IS NOT NULL;
CREATE INDEX leads_consultor_ultima_mensagem_idx
  ON leads_juros_check (id_empresa_fk, consultor_atribuido_id, ultima_mensagem_em DESC, id)
  WHERE ultima_mensagem_em IS NOT NULL;
CREATE INDEX modelos_mensagem_empresa_idx ON modelos_mensagem (id_empresa_fk, categoria, nome);

GRANT SELECT, INSERT, UPDATE, DELETE ON whatsapp_eventos TO crm_app;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO crm_app;
