-- Decision 1701: one change log for every business event. Each business change (a lead created, changed, assigned, its
-- status or legal status moved, a message in or out, a document, a deadline, a cost, a subscription change, a privacy
-- action) is one row here, written once in the transaction that makes the change, by lead-events/ and its peers
-- (change-log/record.ts). Summaries, realtime events, outbound webhooks and the audit trail read it; nothing rewrites
-- it (crm_app may only INSERT and SELECT).
CREATE TABLE mudancas (
  id bigint GENERATED ALWAYS AS IDENTITY,
  -- the writing transaction: readers that follow the log (summaries, webhooks) take only rows of transactions older
  -- than every one still running (pg_snapshot_xmin), so a row committed late is never skipped (ids are not commit order)
  transacao xid8 NOT NULL DEFAULT pg_current_xact_id(),
  -- no foreign key: the log must not cost a lookup per row on an import, and it outlives what it describes
  id_empresa_fk uuid NOT NULL,
  entidade text NOT NULL CHECK (entidade IN ('lead', 'mensagem', 'documento', 'prazo', 'custo', 'assinatura', 'privacidade')),
  id_entidade uuid NOT NULL,
  tipo text NOT NULL CHECK (tipo ~ '^[a-z]+\.[a-z_]+$' AND split_part(tipo, '.', 1) = entidade),
  origem text NOT NULL CHECK (origem IN ('usuario', 'ia', 'sistema', 'importacao', 'webhook', 'api')),
  -- the person (null for the AI, the system, a webhook) and, for the public API, the key used
  id_usuario_fk uuid,
  id_chave_api uuid,
  ocorrido_em timestamptz NOT NULL DEFAULT now(),
  -- the fields that changed, with their values before (null on creation), and the entity's logged fields after (null
  -- on deletion): a summary moves by depois minus (depois overridden by antes). No personal data (decision 1701).
  antes jsonb,
  depois jsonb,
  CHECK (antes IS NOT NULL OR depois IS NOT NULL),
  -- a company's log in order (webhooks, API sync); the company first, like every tenant table's key
  PRIMARY KEY (id_empresa_fk, id)
);
-- one entity's history (audit trail, a lead's timeline)
CREATE INDEX mudancas_entidade_idx ON mudancas (id_empresa_fk, entidade, id_entidade, id);
-- the readers' order and tail: rows not yet read, by (transaction, id)
CREATE INDEX mudancas_transacao_idx ON mudancas (transacao, id);

ALTER TABLE mudancas ENABLE ROW LEVEL SECURITY;
ALTER TABLE mudancas FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON mudancas
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT ON mudancas TO crm_app;

-- How far each reader of the log has gone, in the log's reading order (transacao, id): every row up to
-- (ate, ate_id) has been read. Advanced in the same transaction as what the reader did with those rows, so a reader's
-- output and its position never disagree.
CREATE TABLE mudancas_leitores (
  leitor text PRIMARY KEY,
  ate xid8 NOT NULL DEFAULT '0'::xid8,
  ate_id bigint NOT NULL DEFAULT 0
);
GRANT SELECT, INSERT, UPDATE ON mudancas_leitores TO crm_app;

-- The lead's logged fields (CAMPOS_LEAD_NO_REGISTRO in packages/domain/src/change-log.ts; a test keeps both equal).
CREATE FUNCTION mudancas_lead(l leads_juros_check) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_object(
    'status_lead', l.status_lead, 'status_juridico_lead', l.status_juridico_lead,
    'consultor_atribuido_id', l.consultor_atribuido_id,
    'profissional_juridico_atribuido_id', l.profissional_juridico_atribuido_id,
    'created_at', l.created_at, 'convertido_em', l.convertido_em, 'origem_lead', l.origem_lead,
    'campanha_origem', l.campanha_origem, 'plataforma_anuncio', l.plataforma_anuncio, 'anuncio_id', l.anuncio_id,
    'valor_contrato_fechado', l.valor_contrato_fechado, 'revisional_faixa', l.revisional_faixa,
    'revisional_sobrepago_centavos', l.revisional_sobrepago_centavos)
$$;
GRANT EXECUTE ON FUNCTION mudancas_lead(leads_juros_check) TO crm_app;

-- What changed between two logged states: the keys of `antes` whose value differs in `depois`, with their old value.
CREATE FUNCTION mudancas_diferenca(antes jsonb, depois jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(jsonb_object_agg(a.key, a.value), '{}'::jsonb)
    FROM jsonb_each(antes) a
   WHERE a.value IS DISTINCT FROM depois -> a.key
$$;
GRANT EXECUTE ON FUNCTION mudancas_diferenca(jsonb, jsonb) TO crm_app;

-- Realtime from the log (decision 1701): one NOTIFY per company and entity per statement, sent when the transaction
-- commits, carrying ids only (at most 50; beyond that the screens refetch), so an import of 155k leads is one small
-- notification, not 155k. Each instance listens on one connection (realtime/realtime.ts) and tells its sockets.
CREATE FUNCTION mudancas_avisar() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('crm_mudancas', json_build_object(
      'e', g.id_empresa_fk, 'n', g.entidade, 'q', g.q, 't', g.tipos,
      'ids', CASE WHEN g.q <= 50 THEN g.ids END)::text)
    FROM (SELECT id_empresa_fk, entidade, count(DISTINCT id_entidade) AS q,
                 array_agg(DISTINCT tipo) AS tipos, array_agg(DISTINCT id_entidade) AS ids
            FROM novas GROUP BY id_empresa_fk, entidade) g;
  RETURN NULL;
END
$$;
CREATE TRIGGER mudancas_avisar AFTER INSERT ON mudancas REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION mudancas_avisar();
