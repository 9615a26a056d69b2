-- Decision 1827: the consent ledger. One row per change of a lead's consent for one purpose (marketing, atendimento),
-- appended and never rewritten: crm_app may only INSERT and SELECT (a lead's deletion removes its rows through the
-- foreign key's cascade, which runs as the owner). Each row carries what the law asks a controller to prove (LGPD
-- art. 8 §2, the burden of proof; art. 8 §5, revocation at any time): the text the person saw and its version, the
-- channel, when, who recorded it and, on WhatsApp, the message it came in.
CREATE TABLE consentimentos (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  -- the ledger's order (ids are random): the latest row of a lead and purpose is its current state
  seq bigint GENERATED ALWAYS AS IDENTITY,
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  id_lead_fk uuid NOT NULL,
  finalidade text NOT NULL CHECK (finalidade IN ('marketing', 'atendimento')),
  situacao text NOT NULL CHECK (situacao IN ('concedido', 'revogado')),
  texto text NOT NULL CHECK (length(btrim(texto)) BETWEEN 1 AND 2000),
  versao_texto text NOT NULL CHECK (length(btrim(versao_texto)) BETWEEN 1 AND 40),
  canal text NOT NULL CHECK (canal IN ('whatsapp', 'telefone', 'email', 'presencial', 'formulario')),
  -- who acted: the lead (a message of their own, a keyword) or the company (an opt-in or opt-out it recorded)
  origem text NOT NULL CHECK (origem IN ('lead', 'empresa')),
  id_usuario_fk uuid,
  id_mensagem_fk uuid,
  -- the provider's id of the WhatsApp message: the proof that outlives our copy of the message
  whatsapp_message_id text,
  ocorrido_em timestamptz NOT NULL,
  registrado_em timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id),
  CHECK (origem = 'lead' OR id_usuario_fk IS NOT NULL),
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE CASCADE,
  FOREIGN KEY (id_empresa_fk, id_usuario_fk) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE SET NULL (id_usuario_fk),
  FOREIGN KEY (id_empresa_fk, id_mensagem_fk) REFERENCES mensagens_whatsapp (id_empresa_fk, id) ON DELETE SET NULL (id_mensagem_fk)
);
-- the current state of a lead's purpose (the send guard, the inbound keywords, the chat's badge) and its history
CREATE INDEX consentimentos_lead_idx ON consentimentos (id_empresa_fk, id_lead_fk, finalidade, seq DESC);

-- The current state per lead and purpose, for readers of many leads at once (a campaign's audience, decision 1829).
-- security_invoker: the reader's RLS applies, not the owner's.
CREATE VIEW consentimentos_vigentes WITH (security_invoker = true) AS
  SELECT DISTINCT ON (id_empresa_fk, id_lead_fk, finalidade)
         id_empresa_fk, id_lead_fk, finalidade, situacao, ocorrido_em, id
    FROM consentimentos
   ORDER BY id_empresa_fk, id_lead_fk, finalidade, seq DESC;

-- Decision 1828: the words that, alone in a lead's message, revoke marketing consent ('SAIR', 'PARAR' by default:
-- no row, the domain's list). One row per company that edited its list.
CREATE TABLE consentimento_palavras (
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  palavras_sair text[] NOT NULL CHECK (cardinality(palavras_sair) BETWEEN 1 AND 20),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk)
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['consentimentos', 'consentimento_palavras'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
      WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))', t);
  END LOOP;
END $$;
GRANT SELECT, INSERT ON consentimentos TO crm_app;
GRANT SELECT ON consentimentos_vigentes TO crm_app;
GRANT SELECT, INSERT, UPDATE ON consentimento_palavras TO crm_app;

-- Decision 1829: why each outbound message is sent (NATUREZAS_ENVIO in packages/domain/src/consent.ts). The send job
-- refuses every one that is not a reply inside an open conversation when the lead revoked marketing consent. Null
-- on incoming messages and on outbound ones written before this column (the job then classifies them by sender).
ALTER TABLE mensagens_whatsapp ADD COLUMN natureza_envio text;
ALTER TABLE mensagens_whatsapp ADD CONSTRAINT mensagens_natureza_envio_check CHECK (natureza_envio IN
  ('resposta', 'confirmacao', 'modelo', 'campanha', 'agendada', 'automatica')) NOT VALID;
ALTER TABLE mensagens_whatsapp VALIDATE CONSTRAINT mensagens_natureza_envio_check;

-- The ledger's logged fields (decision 1701: no personal value; the text a lead typed stays out).
CREATE FUNCTION mudancas_consentimento(c consentimentos) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_object('lead_id', c.id_lead_fk, 'finalidade', c.finalidade, 'situacao', c.situacao,
    'canal', c.canal, 'origem', c.origem, 'versao_texto', c.versao_texto, 'mensagem_id', c.id_mensagem_fk,
    'ocorrido_em', c.ocorrido_em)
$$;
GRANT EXECUTE ON FUNCTION mudancas_consentimento(consentimentos) TO crm_app;

-- The change log learns 'consentimento'. The check is extended, not restated, so the entities other migrations added
-- before this one stay.
DO $$
DECLARE lista text;
BEGIN
  SELECT string_agg(quote_literal(v), ', ') INTO lista FROM (
    SELECT unnest(regexp_matches(pg_get_constraintdef(oid), '''([a-z_]+)''', 'g')) AS v
      FROM pg_constraint WHERE conname = 'mudancas_entidade_check' AND conrelid = 'mudancas'::regclass
    UNION SELECT 'consentimento' ORDER BY 1) t;
  ALTER TABLE mudancas DROP CONSTRAINT mudancas_entidade_check;
  EXECUTE format('ALTER TABLE mudancas ADD CONSTRAINT mudancas_entidade_check CHECK (entidade IN (%s)) NOT VALID', lista);
END $$;
ALTER TABLE mudancas VALIDATE CONSTRAINT mudancas_entidade_check;
