-- Decisions 1824–1826: a titular's privacy requests (LGPD art. 18) and their clock (art. 19).

-- One row per company: the encarregado shown on the public page and alerted by the clock, the WhatsApp keywords that
-- open a request (the company's to edit), the clock's days per right, and the last protocol number handed out.
CREATE TABLE privacidade_config (
  id_empresa_fk uuid PRIMARY KEY REFERENCES empresas (id) ON DELETE CASCADE,
  encarregado_nome text CHECK (length(encarregado_nome) <= 200),
  encarregado_email text CHECK (length(encarregado_email) <= 320),
  encarregado_telefone text CHECK (length(encarregado_telefone) <= 40),
  -- [{ "palavra": "MEUS DADOS", "direito": "acesso" }, ...]; the defaults live in @crm/domain/privacy-requests
  palavras_chave jsonb CHECK (palavras_chave IS NULL OR jsonb_typeof(palavras_chave) = 'array'),
  -- { "acesso": 15, ... }: a right not named has the 15 days of art. 19 II
  prazos_dias jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(prazos_dias) = 'object'),
  -- the protocol counter: INSERT … ON CONFLICT DO UPDATE + 1 hands out each number once, concurrent openings included
  ultimo_protocolo integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE privacidade_pedidos (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  protocolo text NOT NULL,
  direito text NOT NULL CHECK (direito IN ('confirmacao', 'acesso', 'correcao', 'anonimizacao_bloqueio_eliminacao',
    'portabilidade', 'eliminacao_consentimento', 'compartilhamento', 'informacao_consentimento', 'revogacao_consentimento')),
  canal text NOT NULL CHECK (canal IN ('whatsapp', 'pagina_publica', 'registrada_pela_empresa', 'api')),
  status text NOT NULL CHECK (status IN ('aguardando_verificacao', 'aguardando_documento', 'aguardando_aprovacao',
    'em_andamento', 'atendida', 'recusada')),
  -- the lead the titular is, when one has the phone (kept if the lead is erased later: the request is the evidence)
  id_lead_fk uuid,
  -- what the titular or the company told us (personal data of the request itself; never in the change log)
  nome_titular text CHECK (length(nome_titular) <= 200),
  telefone_normalizado text,
  cpf text CHECK (cpf ~ '^[0-9]{11}$'),
  email text CHECK (length(email) <= 320),
  detalhes text CHECK (length(detalhes) <= 2000),
  -- a legal representative (art. 18 §3): waits for a document and an admin's approval
  representante_nome text CHECK (length(representante_nome) <= 200),
  documento_storage_key text,
  documento_nome text,
  documento_mime text,
  documento_tamanho bigint,
  -- the one-time code sent to the phone on file: only its keyed hash is kept
  codigo_hash text,
  codigo_expira_em timestamptz,
  codigo_tentativas smallint NOT NULL DEFAULT 0,
  -- the clock: opened at (the server's clock), its days, the São Paulo day it falls due
  aberto_em timestamptz NOT NULL,
  prazo_dias smallint NOT NULL CHECK (prazo_dias BETWEEN 1 AND 90),
  vence_em date NOT NULL,
  verificado_em timestamptz,
  aprovado_em timestamptz,
  aprovado_por_fk uuid,
  resposta_simplificada_em timestamptz,
  encerrado_em timestamptz,
  resposta text CHECK (length(resposta) <= 4000),
  registrado_por_fk uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id),
  UNIQUE (id_empresa_fk, protocolo),
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE SET NULL (id_lead_fk),
  FOREIGN KEY (id_empresa_fk, aprovado_por_fk) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE SET NULL (aprovado_por_fk),
  FOREIGN KEY (id_empresa_fk, registrado_por_fk) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE SET NULL (registrado_por_fk),
  CHECK ((status IN ('atendida', 'recusada')) = (encerrado_em IS NOT NULL))
);
-- /privacidade: open ones by due day, then the closed ones
CREATE INDEX privacidade_pedidos_lista_idx ON privacidade_pedidos (id_empresa_fk, vence_em, aberto_em);
-- a lead's open request (the WhatsApp keyword does not open a second one while one waits)
CREATE INDEX privacidade_pedidos_lead_idx ON privacidade_pedidos (id_empresa_fk, id_lead_fk) WHERE encerrado_em IS NULL;
-- the alert sweep, across companies: open requests by due day
CREATE INDEX privacidade_pedidos_abertos_idx ON privacidade_pedidos (vence_em) WHERE encerrado_em IS NULL;

-- The clock's alerts (D-5, D-2, D-0): one row per request and mark, so each is sent once, whatever restarts or
-- runs twice (the row is the state; the job only finds the marks that have no row yet).
CREATE TABLE privacidade_alertas (
  id_empresa_fk uuid NOT NULL,
  id_pedido_fk uuid NOT NULL,
  marco smallint NOT NULL CHECK (marco IN (5, 2, 0)),
  enviado_em timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id_pedido_fk, marco),
  FOREIGN KEY (id_empresa_fk, id_pedido_fk) REFERENCES privacidade_pedidos (id_empresa_fk, id) ON DELETE CASCADE
);

ALTER TABLE privacidade_config ENABLE ROW LEVEL SECURITY;
ALTER TABLE privacidade_config FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON privacidade_config
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON privacidade_config TO crm_app;

ALTER TABLE privacidade_pedidos ENABLE ROW LEVEL SECURITY;
ALTER TABLE privacidade_pedidos FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON privacidade_pedidos
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON privacidade_pedidos TO crm_app;

ALTER TABLE privacidade_alertas ENABLE ROW LEVEL SECURITY;
ALTER TABLE privacidade_alertas FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON privacidade_alertas
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT ON privacidade_alertas TO crm_app;
