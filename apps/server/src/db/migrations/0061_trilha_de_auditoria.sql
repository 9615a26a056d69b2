-- Decision 1821: the tamper-evident audit trail. Product writers keep appending where they already do — business
-- changes to the change log (mudancas, decision 1701), reads and account events to the auditoria intake — each in
-- its own transaction, concurrently. One follower (reader 'auditoria', audit-trail/chain.ts) moves both, in their
-- reading order, into auditoria_eventos, hash-chained per company, in its own transaction: no product writer waits
-- for a chain head.

-- The intake is followed like the change log: by (transacao, id), only transactions older than every running one
-- (a row committed late is never skipped). Rows written before this migration read as transaction 0.
ALTER TABLE auditoria ADD COLUMN transacao xid8 NOT NULL DEFAULT '0'::xid8;
ALTER TABLE auditoria ALTER COLUMN transacao SET DEFAULT pg_current_xact_id();
CREATE INDEX auditoria_transacao_idx ON auditoria (transacao, id);
-- crm_app may append to the intake; only system tasks may redact it (erasure) or remove it (retention)
REVOKE UPDATE, DELETE ON auditoria FROM crm_app;
GRANT UPDATE (ip_address, dados) ON auditoria TO crm_app;
GRANT DELETE ON auditoria TO crm_app;
CREATE POLICY sistema_redige ON auditoria FOR UPDATE USING (app_papel() = 'sistema') WITH CHECK (app_papel() = 'sistema');
CREATE POLICY sistema_retencao ON auditoria FOR DELETE USING (app_papel() = 'sistema');

-- Settings and permission changes join the change log (decision 1821): entity 'configuracao', its id the company's.
ALTER TABLE mudancas DROP CONSTRAINT mudancas_entidade_check;
ALTER TABLE mudancas ADD CONSTRAINT mudancas_entidade_check CHECK (entidade IN
  ('lead', 'mensagem', 'documento', 'prazo', 'custo', 'assinatura', 'privacidade', 'configuracao')) NOT VALID;
ALTER TABLE mudancas VALIDATE CONSTRAINT mudancas_entidade_check;

-- One row per audit event, in its chain's order. The chain is the company's (the nil uuid: the platform's own events).
-- Personal values (the IP, e-mails and names an event carries) sit apart, in `ip` and `pessoais`, and the chain
-- covers only their salted commitment: erasure nulls them and the salt, and every hash still verifies.
CREATE TABLE auditoria_eventos (
  cadeia uuid NOT NULL,
  seq bigint NOT NULL,
  id_empresa_fk uuid,
  -- where it came from: the change log or the intake (a retention anchor comes through the intake)
  fonte text NOT NULL CHECK (fonte IN ('mudanca', 'auditoria')),
  fonte_id bigint NOT NULL,
  ocorrido_em timestamptz NOT NULL,
  -- no foreign key: the trail outlives people and companies
  id_usuario_fk uuid,
  origem text NOT NULL,
  acao text NOT NULL,
  entidade text NOT NULL,
  entidade_id text,
  dados jsonb NOT NULL,
  ip text,
  pessoais jsonb,
  sal bytea,
  compromisso bytea NOT NULL,
  hash_anterior bytea NOT NULL,
  hash bytea NOT NULL,
  redigido_em timestamptz,
  PRIMARY KEY (cadeia, seq),
  CHECK (cadeia = coalesce(id_empresa_fk, '00000000-0000-0000-0000-000000000000'::uuid)),
  CHECK (redigido_em IS NOT NULL OR sal IS NOT NULL)
);
-- /auditoria's filters, each newest first within the chain (decision 1822)
CREATE INDEX auditoria_eventos_usuario_idx ON auditoria_eventos (cadeia, id_usuario_fk, seq);
CREATE INDEX auditoria_eventos_acao_idx ON auditoria_eventos (cadeia, acao, seq);
CREATE INDEX auditoria_eventos_entidade_idx ON auditoria_eventos (cadeia, entidade, seq);
CREATE INDEX auditoria_eventos_id_entidade_idx ON auditoria_eventos (cadeia, entidade_id, seq) WHERE entidade_id IS NOT NULL;
CREATE INDEX auditoria_eventos_ip_idx ON auditoria_eventos (cadeia, ip, seq) WHERE ip IS NOT NULL;
CREATE INDEX auditoria_eventos_data_idx ON auditoria_eventos (cadeia, ocorrido_em);

ALTER TABLE auditoria_eventos ENABLE ROW LEVEL SECURITY;
ALTER TABLE auditoria_eventos FORCE ROW LEVEL SECURITY;
CREATE POLICY leitura ON auditoria_eventos FOR SELECT
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
CREATE POLICY sistema_anexa ON auditoria_eventos FOR INSERT WITH CHECK (app_papel() = 'sistema');
CREATE POLICY sistema_redige ON auditoria_eventos FOR UPDATE USING (app_papel() = 'sistema')
  WITH CHECK (app_papel() = 'sistema');
CREATE POLICY sistema_retencao ON auditoria_eventos FOR DELETE USING (app_papel() = 'sistema');
-- the chained columns cannot be changed by the app at all: only the personal part may be redacted
GRANT SELECT, INSERT, DELETE ON auditoria_eventos TO crm_app;
GRANT UPDATE (ip, pessoais, sal, redigido_em) ON auditoria_eventos TO crm_app;

-- Each chain's head (the last row's seq and hash) and its anchor: the rows up to ancora_seq were removed by
-- retention, and ancora_hash is the hash of the last one removed, which the first kept row must point to.
CREATE TABLE auditoria_cadeias (
  cadeia uuid PRIMARY KEY,
  id_empresa_fk uuid,
  ultimo_seq bigint NOT NULL DEFAULT 0,
  ultimo_hash bytea NOT NULL DEFAULT decode(repeat('00', 32), 'hex'),
  ancora_seq bigint NOT NULL DEFAULT 0,
  ancora_hash bytea NOT NULL DEFAULT decode(repeat('00', 32), 'hex'),
  ancora_em timestamptz
);
ALTER TABLE auditoria_cadeias ENABLE ROW LEVEL SECURITY;
ALTER TABLE auditoria_cadeias FORCE ROW LEVEL SECURITY;
CREATE POLICY leitura ON auditoria_cadeias FOR SELECT
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
CREATE POLICY sistema ON auditoria_cadeias FOR ALL USING (app_papel() = 'sistema') WITH CHECK (app_papel() = 'sistema');
GRANT SELECT, INSERT, UPDATE ON auditoria_cadeias TO crm_app;

-- The one definition of what a row's hash covers (the follower, audit:verify and the bench all use it): every column
-- but the personal ones, which enter through their commitment. jsonb's text form is canonical (keys sorted, one
-- spelling per value); the time is microseconds since the epoch, independent of the session's time zone.
CREATE FUNCTION auditoria_conteudo(cadeia uuid, seq bigint, id_empresa_fk uuid, fonte text, fonte_id bigint,
  ocorrido_em timestamptz, id_usuario_fk uuid, origem text, acao text, entidade text, entidade_id text, dados jsonb,
  compromisso bytea) RETURNS bytea
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT convert_to(jsonb_build_array(cadeia, seq, id_empresa_fk, fonte, fonte_id,
    (extract(epoch FROM ocorrido_em) * 1000000)::bigint, id_usuario_fk, origem, acao, entidade, entidade_id, dados,
    encode(compromisso, 'hex'))::text, 'UTF8')
$$;
-- The salted commitment to a row's personal values: kept after they are erased, it proves nothing about them
-- (the salt is erased with them) yet lets the chain verify.
CREATE FUNCTION auditoria_compromisso(sal bytea, ip text, pessoais jsonb) RETURNS bytea
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT sha256(sal || convert_to(jsonb_build_array(ip, pessoais)::text, 'UTF8'))
$$;
GRANT EXECUTE ON FUNCTION auditoria_conteudo(uuid, bigint, uuid, text, bigint, timestamptz, uuid, text, text, text, text,
  jsonb, bytea) TO crm_app;
GRANT EXECUTE ON FUNCTION auditoria_compromisso(bytea, text, jsonb) TO crm_app;
