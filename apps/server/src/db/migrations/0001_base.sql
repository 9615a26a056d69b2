-- Base schema: every table of both spec documents, tenant-safe by construction.
-- Conventions (docs/decisions/0003-tenancy-rls.md):
--  * every tenant table has id_empresa_fk NOT NULL, and its PK/unique keys include it (Citus-ready);
--  * row-level security is enabled AND forced; the application runs as role crm_app (not the owner);
--  * the request's tenant, user and role live in transaction-local settings app.empresa_id, app.usuario_id, app.papel.

DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'crm_app') THEN
    CREATE ROLE crm_app NOLOGIN;
  END IF;
  -- roles created by the administrator (docs/operations.md): the owner is already a member and, without the admin
  -- option, PostgreSQL 15+ refuses even a repeated GRANT (decision 1852)
  IF NOT pg_has_role(current_user, 'crm_app', 'MEMBER') THEN
    GRANT crm_app TO CURRENT_USER;
  END IF;
END $$;

CREATE FUNCTION app_empresa_id() RETURNS uuid LANGUAGE sql STABLE AS
  $$ SELECT nullif(current_setting('app.empresa_id', true), '')::uuid $$;
CREATE FUNCTION app_usuario_id() RETURNS uuid LANGUAGE sql STABLE AS
  $$ SELECT nullif(current_setting('app.usuario_id', true), '')::uuid $$;
CREATE FUNCTION app_papel() RETURNS text LANGUAGE sql STABLE AS
  $$ SELECT coalesce(current_setting('app.papel', true), '') $$;
-- Crossing tenants is explicit: only the platform admin and named system tasks (login, webhooks, jobs).
CREATE FUNCTION app_cruza_empresas() RETURNS boolean LANGUAGE sql STABLE AS
  $$ SELECT app_papel() IN ('Admin Plataforma', 'sistema') $$;

-- ---------------------------------------------------------------- companies
CREATE TABLE empresas (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  nome_empresa text NOT NULL CHECK (length(btrim(nome_empresa)) BETWEEN 1 AND 200),
  email_contato text NOT NULL CHECK (email_contato = lower(email_contato) AND email_contato LIKE '%_@_%'),
  plano_assinatura text NOT NULL DEFAULT 'Básico' CHECK (plano_assinatura IN ('Básico', 'Premium', 'Enterprise')),
  status_assinatura text NOT NULL DEFAULT 'Ativo' CHECK (status_assinatura IN ('Ativo', 'Inativo', 'Suspenso')),
  ciclo_cobranca text NOT NULL DEFAULT 'mensal' CHECK (ciclo_cobranca IN ('mensal', 'anual')),
  data_adesao date NOT NULL DEFAULT current_date,
  data_renovacao date,
  pagamento_bandeira text,
  pagamento_ultimos4 text CHECK (pagamento_ultimos4 ~ '^[0-9]{4}$'),
  pagamento_exp_mes smallint CHECK (pagamento_exp_mes BETWEEN 1 AND 12),
  pagamento_exp_ano smallint,
  ia_triagem_ativa boolean NOT NULL DEFAULT false,
  -- Provider settings; secrets inside are AES-256-GCM ciphertexts (never sent back unmasked).
  config_whatsapp_api jsonb NOT NULL DEFAULT '{}'::jsonb,
  config_chatgpt_api jsonb NOT NULL DEFAULT '{}'::jsonb,
  whatsapp_provedor text NOT NULL DEFAULT 'sandbox' CHECK (whatsapp_provedor IN ('official', 'unofficial', 'sandbox')),
  -- Random secret that identifies the company's webhook URL (/api/webhooks/whatsapp/{token}).
  webhook_token text NOT NULL UNIQUE DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''),
  webhook_verify_token text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', ''),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX empresas_created_at_idx ON empresas (created_at DESC);

-- ---------------------------------------------------------------- identity (global: one login per email)
CREATE TABLE usuarios_plataforma (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  id_empresa_fk uuid REFERENCES empresas (id) ON DELETE CASCADE,
  email text NOT NULL UNIQUE CHECK (email = lower(email) AND email LIKE '%_@_%'),
  nome text NOT NULL DEFAULT '',
  telefone text,
  papel text NOT NULL CHECK (papel IN ('Admin Plataforma', 'Admin Empresa', 'Consultor', 'Jurídico')),
  senha_hash text NOT NULL,
  email_confirmado_em timestamptz,
  ativo boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- A platform admin has no company; everybody else has exactly one.
  CHECK ((papel = 'Admin Plataforma') = (id_empresa_fk IS NULL))
);
CREATE INDEX usuarios_empresa_idx ON usuarios_plataforma (id_empresa_fk, papel);
-- lets tenant tables reference (company, user) pairs so a row can never point at another company's user
CREATE UNIQUE INDEX usuarios_empresa_id_uq ON usuarios_plataforma (id_empresa_fk, id);

CREATE TABLE auth_sessoes (
  id text PRIMARY KEY, -- sha256 of the cookie token; the token itself is never stored
  id_usuario_fk uuid NOT NULL REFERENCES usuarios_plataforma (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  user_agent text,
  ip_address text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX auth_sessoes_usuario_idx ON auth_sessoes (id_usuario_fk, created_at DESC);

CREATE TABLE auth_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  id_usuario_fk uuid NOT NULL REFERENCES usuarios_plataforma (id) ON DELETE CASCADE,
  tipo text NOT NULL CHECK (tipo IN ('confirmacao_email', 'redefinicao_senha', 'troca_email')),
  token_hash text NOT NULL UNIQUE,
  dados jsonb NOT NULL DEFAULT '{}'::jsonb,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_tokens_usuario_idx ON auth_tokens (id_usuario_fk, tipo);

-- Failed sign-in / reset attempts, for per-account and per-IP limits shared by every server instance.
CREATE TABLE auth_tentativas (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tipo text NOT NULL CHECK (tipo IN ('login', 'redefinicao')),
  email text,
  ip_address text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_tentativas_email_idx ON auth_tentativas (tipo, email, created_at);
CREATE INDEX auth_tentativas_ip_idx ON auth_tentativas (tipo, ip_address, created_at);

-- Transactional outbox for email: written in the same transaction as the change that caused it.
CREATE TABLE emails_saida (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  id_empresa_fk uuid REFERENCES empresas (id) ON DELETE SET NULL,
  para text NOT NULL,
  assunto text NOT NULL,
  texto text NOT NULL,
  html text NOT NULL,
  tentativas int NOT NULL DEFAULT 0,
  proxima_tentativa_em timestamptz NOT NULL DEFAULT now(),
  ultimo_erro text,
  enviado_em timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX emails_saida_pendentes_idx ON emails_saida (proxima_tentativa_em) WHERE enviado_em IS NULL;
CREATE INDEX emails_saida_para_idx ON emails_saida (para, created_at DESC);

-- ---------------------------------------------------------------- team
CREATE TABLE consultores (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  id_usuario_fk uuid,
  nome text NOT NULL CHECK (length(btrim(nome)) > 0),
  email text NOT NULL CHECK (email = lower(email)),
  whatsapp text,
  status_conexao text NOT NULL DEFAULT 'Desconectado' CHECK (status_conexao IN ('Conectado', 'Desconectado', 'Ocupado')),
  ultima_atividade_em timestamptz,
  ultima_atribuicao_em timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id),
  UNIQUE (id_empresa_fk, email),
  FOREIGN KEY (id_empresa_fk, id_usuario_fk) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE SET NULL (id_usuario_fk)
);
CREATE UNIQUE INDEX consultores_id_uq ON consultores (id);
CREATE INDEX consultores_status_idx ON consultores (id_empresa_fk, status_conexao);
CREATE UNIQUE INDEX consultores_usuario_uq ON consultores (id_empresa_fk, id_usuario_fk) WHERE id_usuario_fk IS NOT NULL;

CREATE TABLE profissionais_juridicos (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  id_usuario_fk uuid,
  nome text NOT NULL CHECK (length(btrim(nome)) > 0),
  email text NOT NULL CHECK (email = lower(email)),
  telefone text NOT NULL,
  especialidade text NOT NULL CHECK (especialidade IN ('Direito Bancário', 'Direito do Consumidor', 'Direito Civil', 'Direito Contratual', 'Direito Tributário')),
  status text NOT NULL DEFAULT 'ativo' CHECK (status IN ('ativo', 'inativo')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id),
  UNIQUE (id_empresa_fk, email),
  FOREIGN KEY (id_empresa_fk, id_usuario_fk) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE SET NULL (id_usuario_fk)
);
CREATE UNIQUE INDEX profissionais_juridicos_id_uq ON profissionais_juridicos (id);

CREATE TABLE convites (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email)),
  nome text NOT NULL,
  papel text NOT NULL CHECK (papel IN ('Consultor', 'Jurídico')),
  token_hash text NOT NULL UNIQUE,
  id_usuario_existente_fk uuid REFERENCES usuarios_plataforma (id) ON DELETE CASCADE,
  id_usuario_convidante_fk uuid REFERENCES usuarios_plataforma (id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id)
);
CREATE INDEX convites_pendentes_idx ON convites (id_empresa_fk, created_at DESC) WHERE used_at IS NULL;

-- ---------------------------------------------------------------- leads
CREATE TABLE leads_juros_check (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  nome text NOT NULL CHECK (length(btrim(nome)) > 0),
  email text,
  telefone text,
  -- digits only, with country code 55 and the mobile ninth digit (domain normalizarTelefone)
  telefone_normalizado text,
  valor_contrato numeric(14,2) NOT NULL DEFAULT 0 CHECK (valor_contrato >= 0),
  valor_contrato_fechado numeric(14,2) CHECK (valor_contrato_fechado >= 0),
  tipo_financiamento text CHECK (tipo_financiamento IN ('Carro', 'Casa', 'Moto', 'Crédito Pessoal', 'Outros')),
  valor_parcela numeric(14,2) CHECK (valor_parcela > 0),
  quantidade_parcelas_pagas int CHECK (quantidade_parcelas_pagas >= 0),
  status text CHECK (status IN ('novo', 'qualificado', 'em_conversa')),
  status_lead text NOT NULL DEFAULT 'Novo Lead' CHECK (status_lead IN (
    'Novo Lead', 'novo', 'Em Triagem IA', 'Requer Análise Manual IA', 'Confirmado pela IA', 'Qualificado para Atendente',
    'Em Contato / Primeiro Contato', 'Em Atendimento', 'Em Negociação', 'Proposta Enviada', 'Aguardando Documentação',
    'Em Acompanhamento', 'Convertido', 'Convertido (Ganho)', 'Perdido', 'Desqualificado / Perdido', 'Sem Resposta',
    'Não Interessado', 'Aguardando Retorno', 'Processo Jurídico')),
  status_juridico_lead text CHECK (status_juridico_lead IN ('Aguardando Contato Jurídico', 'Em Contato Jurídico',
    'Documentação Solicitada', 'Laudo em Andamento', 'Finalizado Jurídico', 'Jurídico Pendente')),
  origem_lead text NOT NULL DEFAULT 'Manual' CHECK (origem_lead IN ('Manual', 'Facebook Ads', 'Google Ads', 'WhatsApp',
    'Indicação', 'Site', 'Outros', 'Importação CSV')),
  fonte text,
  origem text,
  campanha_origem text,
  consultor_atribuido_id uuid,
  -- the original kept two columns for the same thing; one source, the other derived
  id_consultor_fk uuid GENERATED ALWAYS AS (consultor_atribuido_id) STORED,
  profissional_juridico_atribuido_id uuid,
  objetivo_cliente text,
  cidade text,
  observacoes text,
  observacoes_ia text,
  observacoes_juridicas text,
  interesse_juridico boolean NOT NULL DEFAULT false,
  data_processamento_ia timestamptz,
  dados_extraidos_ia jsonb,
  -- legacy conversation copy imported from the original product; live messages are in mensagens_whatsapp
  historico_conversa_ia jsonb NOT NULL DEFAULT '[]'::jsonb,
  ultima_mensagem_em timestamptz,
  ultima_mensagem_lead_em timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id),
  FOREIGN KEY (id_empresa_fk, consultor_atribuido_id) REFERENCES consultores (id_empresa_fk, id) ON DELETE SET NULL (consultor_atribuido_id),
  FOREIGN KEY (id_empresa_fk, profissional_juridico_atribuido_id) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE SET NULL (profissional_juridico_atribuido_id)
);
CREATE UNIQUE INDEX leads_id_uq ON leads_juros_check (id);
CREATE INDEX leads_empresa_created_idx ON leads_juros_check (id_empresa_fk, created_at DESC, id);
CREATE INDEX leads_empresa_status_idx ON leads_juros_check (id_empresa_fk, status_lead, created_at DESC);
CREATE INDEX leads_empresa_consultor_idx ON leads_juros_check (id_empresa_fk, consultor_atribuido_id, created_at DESC);
CREATE INDEX leads_empresa_telefone_idx ON leads_juros_check (id_empresa_fk, telefone_normalizado);
CREATE INDEX leads_empresa_updated_idx ON leads_juros_check (id_empresa_fk, updated_at DESC);
CREATE INDEX leads_empresa_nome_idx ON leads_juros_check (id_empresa_fk, lower(nome) text_pattern_ops);
CREATE INDEX leads_empresa_email_idx ON leads_juros_check (id_empresa_fk, lower(email) text_pattern_ops);

CREATE TABLE lead_status_historico (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL,
  id_lead_fk uuid NOT NULL,
  campo text NOT NULL CHECK (campo IN ('status_lead', 'status_juridico_lead', 'consultor_atribuido_id', 'profissional_juridico_atribuido_id')),
  valor_anterior text,
  valor_novo text,
  id_usuario_fk uuid REFERENCES usuarios_plataforma (id) ON DELETE SET NULL,
  origem text NOT NULL DEFAULT 'usuario' CHECK (origem IN ('usuario', 'ia', 'sistema', 'importacao')),
  motivo text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id),
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE CASCADE
);
CREATE INDEX lead_status_historico_lead_idx ON lead_status_historico (id_empresa_fk, id_lead_fk, created_at DESC);

-- ---------------------------------------------------------------- messaging
CREATE TABLE mensagens_whatsapp (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL,
  id_lead_fk uuid NOT NULL,
  direcao text NOT NULL CHECK (direcao IN ('entrada', 'saida')),
  sender text NOT NULL CHECK (sender IN ('lead', 'ia', 'consultor', 'sistema')),
  sender_nome text,
  id_usuario_fk uuid REFERENCES usuarios_plataforma (id) ON DELETE SET NULL,
  message text NOT NULL DEFAULT '',
  message_type text NOT NULL DEFAULT 'text' CHECK (message_type IN ('text', 'image', 'document', 'audio', 'video', 'sticker', 'template', 'location', 'contacts', 'unsupported')),
  status text NOT NULL CHECK (status IN ('pending', 'sent', 'delivered', 'read', 'failed', 'received')),
  erro text,
  provider_message_id text,
  template_nome text,
  media_storage_key text,
  media_mime_type text,
  media_file_name text,
  media_file_size bigint CHECK (media_file_size >= 0),
  media_status text CHECK (media_status IN ('pendente', 'baixada', 'falhou')),
  lida_em timestamptz,
  timestamp timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id),
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE CASCADE
);
-- a provider message is stored exactly once, however often its webhook is delivered
CREATE UNIQUE INDEX mensagens_provider_uq ON mensagens_whatsapp (id_empresa_fk, provider_message_id) WHERE provider_message_id IS NOT NULL;
CREATE INDEX mensagens_lead_ts_idx ON mensagens_whatsapp (id_empresa_fk, id_lead_fk, timestamp DESC, id);
CREATE INDEX mensagens_nao_lidas_idx ON mensagens_whatsapp (id_empresa_fk, id_lead_fk) WHERE direcao = 'entrada' AND lida_em IS NULL;

CREATE TABLE whatsapp_sessions (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  session_id text,
  status text NOT NULL DEFAULT 'disconnected' CHECK (status IN ('connected', 'disconnected', 'qr_ready')),
  qr_code text,
  ultimo_erro text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id),
  UNIQUE (id_empresa_fk)
);

CREATE TABLE modelos_mensagem (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  nome text NOT NULL CHECK (length(btrim(nome)) > 0),
  categoria text NOT NULL CHECK (categoria IN ('Saudação', 'Qualificação', 'Agendamento', 'Material', 'Follow-up', 'Despedida')),
  conteudo text NOT NULL CHECK (length(btrim(conteudo)) > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id)
);

-- ---------------------------------------------------------------- AI screening
CREATE TABLE triagens_ia (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL,
  id_lead_fk uuid NOT NULL,
  decisao text NOT NULL CHECK (decisao IN ('qualificado', 'rejeitado', 'duvidas', 'erro')),
  motivo text,
  proxima_pergunta text,
  resumo text,
  fatos jsonb NOT NULL DEFAULT '{}'::jsonb,
  motor text NOT NULL CHECK (motor IN ('openai', 'regras')),
  modelo text,
  erro text,
  revisado_por_fk uuid REFERENCES usuarios_plataforma (id) ON DELETE SET NULL,
  revisao_decisao text CHECK (revisao_decisao IN ('qualificado', 'rejeitado')),
  revisao_motivo text,
  revisado_em timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id),
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE CASCADE
);
CREATE INDEX triagens_ia_empresa_idx ON triagens_ia (id_empresa_fk, created_at DESC);
CREATE INDEX triagens_ia_lead_idx ON triagens_ia (id_empresa_fk, id_lead_fk, created_at DESC);

-- ---------------------------------------------------------------- notifications
CREATE TABLE notificacoes (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  -- notifications are fanned out to users when created, so read state is per person
  id_usuario_fk uuid NOT NULL,
  tipo text NOT NULL CHECK (tipo IN ('system', 'lead_assigned', 'new_message', 'status_change', 'whatsapp_disconnected', 'invite_sent', 'message_sent')),
  titulo text NOT NULL,
  conteudo text NOT NULL DEFAULT '',
  dados_extras jsonb NOT NULL DEFAULT '{}'::jsonb,
  lida boolean NOT NULL DEFAULT false,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id),
  FOREIGN KEY (id_empresa_fk, id_usuario_fk) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE CASCADE,
  CHECK (lida = (read_at IS NOT NULL))
);
CREATE INDEX notificacoes_usuario_idx ON notificacoes (id_empresa_fk, id_usuario_fk, created_at DESC);
CREATE INDEX notificacoes_nao_lidas_idx ON notificacoes (id_empresa_fk, id_usuario_fk) WHERE NOT lida;

-- ---------------------------------------------------------------- legal documents
CREATE TABLE documentos (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL,
  id_lead_fk uuid NOT NULL,
  id_usuario_upload_fk uuid REFERENCES usuarios_plataforma (id) ON DELETE SET NULL,
  nome_arquivo text NOT NULL,
  descricao text,
  tipo_arquivo text NOT NULL,
  tamanho_arquivo bigint NOT NULL CHECK (tamanho_arquivo BETWEEN 1 AND 10485760),
  url_storage text NOT NULL, -- storage key, never a public URL
  data_upload timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id),
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE CASCADE
);
CREATE INDEX documentos_lead_idx ON documentos (id_empresa_fk, id_lead_fk, data_upload DESC);
CREATE INDEX documentos_empresa_idx ON documentos (id_empresa_fk, data_upload DESC);

-- ---------------------------------------------------------------- finance
CREATE TABLE custos_marketing (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  data_custo date NOT NULL,
  plataforma text NOT NULL CHECK (plataforma IN ('Facebook', 'Google', 'Instagram', 'LinkedIn', 'TikTok', 'Outro')),
  valor_gasto numeric(14,2) NOT NULL CHECK (valor_gasto >= 0),
  gasto_total numeric(14,2) GENERATED ALWAYS AS (valor_gasto) STORED,
  campanhas_ativas int NOT NULL DEFAULT 0 CHECK (campanhas_ativas >= 0),
  impressoes int NOT NULL DEFAULT 0 CHECK (impressoes >= 0),
  cliques int NOT NULL DEFAULT 0 CHECK (cliques >= 0),
  ctr numeric(9,4) NOT NULL DEFAULT 0,
  cpc numeric(14,4) NOT NULL DEFAULT 0,
  cpm numeric(14,4) NOT NULL DEFAULT 0,
  id_conta_anuncio text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id)
);
CREATE INDEX custos_marketing_data_idx ON custos_marketing (id_empresa_fk, data_custo DESC);

CREATE TABLE faturas (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  plano text NOT NULL CHECK (plano IN ('Básico', 'Premium', 'Enterprise')),
  valor numeric(14,2) NOT NULL CHECK (valor >= 0),
  status text NOT NULL CHECK (status IN ('paid', 'pending')),
  data date NOT NULL,
  periodo_inicio date NOT NULL,
  periodo_fim date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id)
);
CREATE INDEX faturas_empresa_idx ON faturas (id_empresa_fk, data DESC);

-- ---------------------------------------------------------------- audit
CREATE TABLE auditoria (
  id bigint GENERATED ALWAYS AS IDENTITY,
  id_empresa_fk uuid REFERENCES empresas (id) ON DELETE CASCADE,
  id_usuario_fk uuid REFERENCES usuarios_plataforma (id) ON DELETE SET NULL,
  acao text NOT NULL,
  entidade text NOT NULL,
  entidade_id text,
  dados jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip_address text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id)
);
CREATE INDEX auditoria_empresa_idx ON auditoria (id_empresa_fk, created_at DESC);

-- ---------------------------------------------------------------- row-level security
DO $$
DECLARE t text;
BEGIN
  -- tenant tables: a row is visible to its own company, to the platform admin and to named system tasks
  FOREACH t IN ARRAY ARRAY['consultores', 'profissionais_juridicos', 'convites', 'leads_juros_check',
    'lead_status_historico', 'mensagens_whatsapp', 'whatsapp_sessions', 'modelos_mensagem', 'triagens_ia',
    'documentos', 'custos_marketing', 'faturas'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I USING (id_empresa_fk = app_empresa_id() OR app_cruza_empresas())
      WITH CHECK (id_empresa_fk = app_empresa_id() OR app_cruza_empresas())', t);
  END LOOP;
END $$;

ALTER TABLE empresas ENABLE ROW LEVEL SECURITY;
ALTER TABLE empresas FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON empresas USING (id = app_empresa_id() OR app_cruza_empresas())
  WITH CHECK (id = app_empresa_id() OR app_cruza_empresas());

-- notifications are personal: only their recipient (or a system task) sees them
ALTER TABLE notificacoes ENABLE ROW LEVEL SECURITY;
ALTER TABLE notificacoes FORCE ROW LEVEL SECURITY;
CREATE POLICY destinatario ON notificacoes
  USING ((id_empresa_fk = app_empresa_id() AND id_usuario_fk = app_usuario_id()) OR app_papel() = 'sistema')
  WITH CHECK (id_empresa_fk = app_empresa_id() OR app_papel() = 'sistema');

ALTER TABLE usuarios_plataforma ENABLE ROW LEVEL SECURITY;
ALTER TABLE usuarios_plataforma FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON usuarios_plataforma
  USING (id = app_usuario_id() OR id_empresa_fk = app_empresa_id() OR app_cruza_empresas())
  WITH CHECK (id = app_usuario_id() OR id_empresa_fk = app_empresa_id() OR app_cruza_empresas());

-- auth and audit tables: only the owner user or system tasks
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['auth_sessoes', 'auth_tokens'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY dono ON %I USING (id_usuario_fk = app_usuario_id() OR app_papel() = ''sistema'')
      WITH CHECK (id_usuario_fk = app_usuario_id() OR app_papel() = ''sistema'')', t);
  END LOOP;
END $$;
ALTER TABLE auth_tentativas ENABLE ROW LEVEL SECURITY;
ALTER TABLE auth_tentativas FORCE ROW LEVEL SECURITY;
CREATE POLICY sistema ON auth_tentativas USING (app_papel() = 'sistema') WITH CHECK (app_papel() = 'sistema');
ALTER TABLE emails_saida ENABLE ROW LEVEL SECURITY;
ALTER TABLE emails_saida FORCE ROW LEVEL SECURITY;
CREATE POLICY sistema ON emails_saida USING (app_papel() = 'sistema') WITH CHECK (true);
ALTER TABLE auditoria ENABLE ROW LEVEL SECURITY;
ALTER TABLE auditoria FORCE ROW LEVEL SECURITY;
CREATE POLICY leitura ON auditoria FOR SELECT USING (id_empresa_fk = app_empresa_id() OR app_cruza_empresas());
CREATE POLICY escrita ON auditoria FOR INSERT WITH CHECK (true);

GRANT USAGE ON SCHEMA public TO crm_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO crm_app;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO crm_app;
