-- Decisions 1875–1877: the register of security incidents (Resolução CD/ANPD nº 15/2024).

-- The incident counter per company (INC-2026-001), beside the privacy requests' protocol counter.
ALTER TABLE privacidade_config ADD COLUMN ultimo_incidente integer NOT NULL DEFAULT 0;

-- One company's incident, or one company's part of an incident the platform admin opened across several companies
-- (`id_incidente_plataforma`, the same for every part; each company sees only its own rows). Art. 10 asks the register
-- to be kept at least 5 years: crm_app gets no DELETE on it, and every change appends a history row.
CREATE TABLE privacidade_incidentes (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  numero text NOT NULL,
  id_incidente_plataforma uuid,
  titulo text NOT NULL CHECK (length(titulo) BETWEEN 1 AND 200),
  descricao text NOT NULL CHECK (length(descricao) <= 5000),
  categoria text NOT NULL CHECK (categoria IN ('acesso_nao_autorizado', 'ransomware', 'phishing', 'credenciais_vazadas',
    'envio_indevido', 'perda_ou_roubo', 'falha_de_sistema', 'outro')),
  impactos text[] NOT NULL CHECK (impactos <@ ARRAY['confidencialidade', 'integridade', 'disponibilidade']),
  categorias_dados text[] NOT NULL
    CHECK (categorias_dados <@ ARRAY['identificacao', 'contato', 'financeiros', 'documentos', 'conversas']),
  -- the risk questions of art. 5: a significant effect, and the data of its item II
  afeta_significativamente boolean NOT NULL,
  criterios text[] NOT NULL CHECK (criterios <@ ARRAY['dados_sensiveis', 'criancas_adolescentes', 'idosos', 'financeiros',
    'autenticacao', 'sigilo', 'larga_escala']),
  ocorrido_em date,
  -- the clock of art. 6: from the instant the company learnt personal data were affected, N business days (3, or 6
  -- for a small agent), due at the end of that São Paulo day; fixed when registered or when the known instant changes
  conhecido_em timestamptz NOT NULL,
  pequeno_porte boolean NOT NULL DEFAULT false,
  prazo_dias_uteis smallint NOT NULL CHECK (prazo_dias_uteis IN (3, 6)),
  vence_em date NOT NULL,
  operador text CHECK (length(operador) <= 300),
  medidas_seguranca text CHECK (length(medidas_seguranca) <= 4000),
  medidas_mitigacao text CHECK (length(medidas_mitigacao) <= 4000),
  riscos text CHECK (length(riscos) <= 4000),
  motivo_demora text CHECK (length(motivo_demora) <= 4000),
  titulares_criancas integer CHECK (titulares_criancas >= 0),
  titulares_idosos integer CHECK (titulares_idosos >= 0),
  -- the count of affected titulares when last selected: kept even if a lead is later erased (the register outlives it)
  titulares_afetados integer NOT NULL DEFAULT 0 CHECK (titulares_afetados >= 0),
  status text NOT NULL DEFAULT 'em_avaliacao' CHECK (status IN ('em_avaliacao', 'comunicado_anpd', 'encerrado')),
  comunicado_em date,
  protocolo_anpd text CHECK (length(protocolo_anpd) <= 100),
  encerrado_em timestamptz,
  conclusao text CHECK (length(conclusao) <= 4000),
  registrado_por_fk uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id),
  UNIQUE (id_empresa_fk, numero),
  CHECK ((status = 'encerrado') = (encerrado_em IS NOT NULL)),
  CHECK ((comunicado_em IS NULL) = (protocolo_anpd IS NULL))
);
-- the company's list: newest first
CREATE INDEX privacidade_incidentes_lista_idx ON privacidade_incidentes (id_empresa_fk, created_at DESC);
-- the platform admin's list: the parts of each platform incident
CREATE INDEX privacidade_incidentes_plataforma_idx ON privacidade_incidentes (id_incidente_plataforma)
  WHERE id_incidente_plataforma IS NOT NULL;

-- The affected titulares (leads) of an incident, and the notice each got. A lead erased later leaves the incident's
-- count as it was (titulares_afetados) and takes its row with it.
CREATE TABLE privacidade_incidente_titulares (
  id_empresa_fk uuid NOT NULL,
  id_incidente_fk uuid NOT NULL,
  id_lead_fk uuid NOT NULL,
  aviso_canal text CHECK (aviso_canal IN ('whatsapp', 'email')),
  aviso_em timestamptz,
  -- the WhatsApp message of the notice: its delivery (or the send guard's refusal) is read from it
  aviso_mensagem_fk uuid,
  PRIMARY KEY (id_empresa_fk, id_incidente_fk, id_lead_fk),
  FOREIGN KEY (id_empresa_fk, id_incidente_fk) REFERENCES privacidade_incidentes (id_empresa_fk, id) ON DELETE CASCADE,
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE CASCADE
);

-- The incident's history, append only (crm_app: SELECT and INSERT): what was done, by whom, when. The change log has
-- the same events, but the audit trail's retention (decision 1823) may cut it before the 5 years of art. 10.
CREATE TABLE privacidade_incidente_historico (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL,
  id_incidente_fk uuid NOT NULL,
  acao text NOT NULL CHECK (acao IN ('registrado', 'alterado', 'comunicado', 'titular_avisado', 'encerrado')),
  id_usuario_fk uuid,
  -- non-personal detail: the fields changed, the channel, the protocol
  detalhe jsonb,
  em timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id),
  FOREIGN KEY (id_empresa_fk, id_incidente_fk) REFERENCES privacidade_incidentes (id_empresa_fk, id) ON DELETE CASCADE
);
CREATE INDEX privacidade_incidente_historico_idx ON privacidade_incidente_historico (id_empresa_fk, id_incidente_fk, em);

ALTER TABLE privacidade_incidentes ENABLE ROW LEVEL SECURITY;
ALTER TABLE privacidade_incidentes FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON privacidade_incidentes
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON privacidade_incidentes TO crm_app;

ALTER TABLE privacidade_incidente_titulares ENABLE ROW LEVEL SECURITY;
ALTER TABLE privacidade_incidente_titulares FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON privacidade_incidente_titulares
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
-- DELETE: an edit's new selection drops the leads not yet notified (a notified one stays)
GRANT SELECT, INSERT, UPDATE, DELETE ON privacidade_incidente_titulares TO crm_app;

ALTER TABLE privacidade_incidente_historico ENABLE ROW LEVEL SECURITY;
ALTER TABLE privacidade_incidente_historico FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON privacidade_incidente_historico
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT ON privacidade_incidente_historico TO crm_app;
