-- Opt-in campaigns on WhatsApp (decisions 1891-1894). Named `campanhas_whatsapp` so they never read as the ad
-- campaign of a marketing cost (`custos_marketing.campanha`, a UTM name): a campaign names that ad campaign in
-- `campanha_marketing` when its cost is to be shown beside its figures.
CREATE TABLE campanhas_whatsapp (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  nome text NOT NULL CHECK (length(btrim(nome)) BETWEEN 1 AND 120),
  estado text NOT NULL CHECK (estado IN ('ativa', 'pausada', 'concluida', 'cancelada')),
  -- the audience's filters as the admin chose them (ZFiltrosCampanha), kept to show what was sent to whom
  filtros jsonb NOT NULL,
  -- 'texto' on the gateway (filled per lead), 'modelo' on the official API (an approved template and its variables)
  tipo_mensagem text NOT NULL CHECK (tipo_mensagem IN ('texto', 'modelo')),
  texto text CHECK (length(texto) <= 4096),
  template_nome text,
  template_idioma text,
  template_parametros jsonb,
  -- pacing (decision 1892): hours of the day in São Paulo [inicio, fim), sends per day, random gap between two sends
  janela_inicio smallint NOT NULL CHECK (janela_inicio BETWEEN 0 AND 23),
  janela_fim smallint NOT NULL CHECK (janela_fim BETWEEN 1 AND 24),
  limite_diario integer NOT NULL CHECK (limite_diario BETWEEN 1 AND 100000),
  espaco_min_s integer NOT NULL CHECK (espaco_min_s BETWEEN 0 AND 3600),
  espaco_max_s integer NOT NULL CHECK (espaco_max_s BETWEEN 0 AND 3600),
  inicio_em timestamptz NOT NULL,
  campanha_marketing text CHECK (length(campanha_marketing) <= 200),
  -- what the planning counted: eligible and excluded by reason (decision 1891)
  total_destinatarios integer NOT NULL DEFAULT 0,
  exclusoes jsonb NOT NULL DEFAULT '{}'::jsonb,
  ultimo_envio_em timestamptz,
  id_usuario_fk uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  concluida_em timestamptz,
  PRIMARY KEY (id_empresa_fk, id),
  CHECK (janela_fim > janela_inicio),
  CHECK (espaco_max_s >= espaco_min_s),
  CHECK ((tipo_mensagem = 'texto' AND texto IS NOT NULL) OR (tipo_mensagem = 'modelo' AND template_nome IS NOT NULL)),
  FOREIGN KEY (id_empresa_fk, id_usuario_fk) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE SET NULL (id_usuario_fk)
);
-- one campaign at a time per company's number: the daily cap per number holds across campaigns (decision 1892)
CREATE UNIQUE INDEX campanhas_whatsapp_uma_em_curso ON campanhas_whatsapp (id_empresa_fk) WHERE estado IN ('ativa', 'pausada');
CREATE INDEX campanhas_whatsapp_lista_idx ON campanhas_whatsapp (id_empresa_fk, created_at DESC);

-- One row per lead of a campaign's audience that was eligible when planned, with its planned time (one INSERT …
-- SELECT, decision 1891). The sender claims due rows, re-checks consent, and marks each sent (with its message) or
-- skipped in the transaction that queues the message: a row is sent at most once (decision 1893).
CREATE TABLE campanhas_whatsapp_destinatarios (
  id_empresa_fk uuid NOT NULL,
  id_campanha_fk uuid NOT NULL,
  id_lead_fk uuid NOT NULL,
  planejado_em timestamptz NOT NULL,
  estado text NOT NULL DEFAULT 'pendente' CHECK (estado IN ('pendente', 'enviado', 'ignorado', 'cancelado')),
  motivo text CHECK (motivo IN ('descadastrado', 'sem_consentimento', 'sem_whatsapp')),
  id_mensagem_fk uuid,
  enviado_em timestamptz,
  PRIMARY KEY (id_empresa_fk, id_campanha_fk, id_lead_fk),
  FOREIGN KEY (id_empresa_fk, id_campanha_fk) REFERENCES campanhas_whatsapp (id_empresa_fk, id) ON DELETE CASCADE,
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE CASCADE,
  FOREIGN KEY (id_empresa_fk, id_mensagem_fk) REFERENCES mensagens_whatsapp (id_empresa_fk, id) ON DELETE SET NULL (id_mensagem_fk)
);
-- the sender's claim: a campaign's due rows in planned order
CREATE INDEX campanhas_destinatarios_pendentes_idx ON campanhas_whatsapp_destinatarios (id_empresa_fk, id_campanha_fk, planejado_em)
  WHERE estado = 'pendente';
-- the sweep: which companies have a due row (across companies, one range)
CREATE INDEX campanhas_destinatarios_devidos_idx ON campanhas_whatsapp_destinatarios (planejado_em) WHERE estado = 'pendente';

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['campanhas_whatsapp', 'campanhas_whatsapp_destinatarios'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
      WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))', t);
  END LOOP;
END $$;
GRANT SELECT, INSERT, UPDATE ON campanhas_whatsapp TO crm_app;
GRANT SELECT, INSERT, UPDATE ON campanhas_whatsapp_destinatarios TO crm_app;

-- The campaign's logged fields (decision 1701: no personal data; the text is the company's, not a lead's).
CREATE FUNCTION mudancas_campanha(c campanhas_whatsapp) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_object('nome_campanha', c.nome, 'estado', c.estado, 'tipo_mensagem', c.tipo_mensagem,
    'template_nome', c.template_nome, 'janela_inicio', c.janela_inicio, 'janela_fim', c.janela_fim,
    'limite_diario', c.limite_diario, 'espaco_min_s', c.espaco_min_s, 'espaco_max_s', c.espaco_max_s,
    'inicio_em', c.inicio_em, 'campanha_marketing', c.campanha_marketing,
    'total_destinatarios', c.total_destinatarios, 'exclusoes', c.exclusoes)
$$;
GRANT EXECUTE ON FUNCTION mudancas_campanha(campanhas_whatsapp) TO crm_app;

-- The change log learns 'campanha' (extended, not restated, as migration 0067 does).
DO $$
DECLARE lista text;
BEGIN
  SELECT string_agg(quote_literal(v), ', ') INTO lista FROM (
    SELECT unnest(regexp_matches(pg_get_constraintdef(oid), '''([a-z_]+)''', 'g')) AS v
      FROM pg_constraint WHERE conname = 'mudancas_entidade_check' AND conrelid = 'mudancas'::regclass
    UNION SELECT 'campanha' ORDER BY 1) t;
  ALTER TABLE mudancas DROP CONSTRAINT mudancas_entidade_check;
  EXECUTE format('ALTER TABLE mudancas ADD CONSTRAINT mudancas_entidade_check CHECK (entidade IN (%s)) NOT VALID', lista);
END $$;
ALTER TABLE mudancas VALIDATE CONSTRAINT mudancas_entidade_check;
