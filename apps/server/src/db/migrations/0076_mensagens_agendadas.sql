-- Decisions 1885–1887: messages scheduled from the chat. One row per schedule: a text, an image or a document (with
-- its file in private storage), an optional approved template sent instead when the 24-hour window of the official API
-- is closed at the due time, the due instant, and its state. The firing is a state of the row (decision 1886): a sweep
-- claims due rows with FOR UPDATE SKIP LOCKED and, in the same transaction, writes the outbound message and its send
-- job and marks the row 'enviada' — a restart loses none and two workers never send one twice.
CREATE TABLE mensagens_agendadas (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  id_lead_fk uuid NOT NULL,
  -- who scheduled it (the message goes out in their name); kept when the person is removed
  id_autor_fk uuid,
  tipo text NOT NULL CHECK (tipo IN ('text', 'image', 'document')),
  -- the text, or the file's caption
  texto text NOT NULL DEFAULT '' CHECK (length(texto) <= 4096),
  midia_chave text,
  midia_mime text,
  midia_nome text,
  midia_tamanho bigint,
  template_nome text,
  template_idioma text,
  template_parametros jsonb,
  -- the template's body with its variables filled, as the chat shows a sent template (read from the provider at creation)
  template_texto text,
  agendada_para timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'agendada' CHECK (status IN ('agendada', 'enviada', 'cancelada', 'falhou')),
  -- why it was cancelled or failed (pt-BR, shown in the list)
  motivo text CHECK (length(motivo) <= 500),
  cancelar_se_lead_escrever boolean NOT NULL DEFAULT true,
  -- the outbound message it became (its delivery is the message's own status)
  id_mensagem_fk uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  concluida_em timestamptz,
  PRIMARY KEY (id_empresa_fk, id),
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE CASCADE,
  FOREIGN KEY (id_empresa_fk, id_autor_fk) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE SET NULL (id_autor_fk),
  CHECK ((tipo = 'text') = (midia_chave IS NULL)),
  CHECK (tipo <> 'text' OR length(btrim(texto)) > 0),
  CHECK ((template_nome IS NULL) = (template_idioma IS NULL)),
  CHECK ((status = 'agendada') = (concluida_em IS NULL)),
  CHECK (status <> 'enviada' OR id_mensagem_fk IS NOT NULL)
);
-- the sweep, across companies: pending schedules by due time (one range probe every few seconds)
CREATE INDEX mensagens_agendadas_vencidas_idx ON mensagens_agendadas (agendada_para) WHERE status = 'agendada';
-- the chat: a lead's pending schedules; the inbound path cancels them when the lead writes
CREATE INDEX mensagens_agendadas_lead_idx ON mensagens_agendadas (id_empresa_fk, id_lead_fk, agendada_para)
  WHERE status = 'agendada';
-- 'Mensagens agendadas': the consultant's own, the admin's whole company, newest due first
CREATE INDEX mensagens_agendadas_autor_idx ON mensagens_agendadas (id_empresa_fk, id_autor_fk, agendada_para DESC);
CREATE INDEX mensagens_agendadas_empresa_idx ON mensagens_agendadas (id_empresa_fk, agendada_para DESC);

ALTER TABLE mensagens_agendadas ENABLE ROW LEVEL SECURITY;
ALTER TABLE mensagens_agendadas FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON mensagens_agendadas
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE, DELETE ON mensagens_agendadas TO crm_app;

-- The logged fields (decision 1701: no personal value; the text and the file's name stay out).
CREATE FUNCTION mudancas_agendamento(a mensagens_agendadas) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_object('lead_id', a.id_lead_fk, 'autor_id', a.id_autor_fk, 'tipo', a.tipo,
    'modelo', a.template_nome, 'agendada_para', a.agendada_para, 'status', a.status,
    'cancelar_se_lead_escrever', a.cancelar_se_lead_escrever, 'mensagem_id', a.id_mensagem_fk, 'motivo', a.motivo)
$$;
GRANT EXECUTE ON FUNCTION mudancas_agendamento(mensagens_agendadas) TO crm_app;

-- The change log learns 'agendamento', extending the check (as 0067 does) so other migrations' entities stay.
DO $$
DECLARE lista text;
BEGIN
  SELECT string_agg(quote_literal(v), ', ') INTO lista FROM (
    SELECT unnest(regexp_matches(pg_get_constraintdef(oid), '''([a-z_]+)''', 'g')) AS v
      FROM pg_constraint WHERE conname = 'mudancas_entidade_check' AND conrelid = 'mudancas'::regclass
    UNION SELECT 'agendamento' ORDER BY 1) t;
  ALTER TABLE mudancas DROP CONSTRAINT mudancas_entidade_check;
  EXECUTE format('ALTER TABLE mudancas ADD CONSTRAINT mudancas_entidade_check CHECK (entidade IN (%s)) NOT VALID', lista);
END $$;
ALTER TABLE mudancas VALIDATE CONSTRAINT mudancas_entidade_check;
