-- Issue 12, part 5 (decisions 1212-1214): click-to-WhatsApp ad attribution and Meta's Conversions API.

-- 1. The raw referral of a Cloud API message that came from an ad (kept as Meta sent it).
ALTER TABLE mensagens_whatsapp ADD COLUMN referral jsonb;

-- 2. The lead's first touch: set once, by the first message that carried a referral; later messages never change it.
--    origem_lead becomes 'Facebook Ads' (the spec's vocabulary has no Instagram); the ad's platform is kept here.
ALTER TABLE leads_juros_check
  ADD COLUMN anuncio_id text CHECK (length(anuncio_id) <= 200),
  ADD COLUMN ctwa_clid text CHECK (length(ctwa_clid) <= 500),
  ADD COLUMN plataforma_anuncio text CHECK (plataforma_anuncio IN ('Facebook', 'Instagram')),
  ADD COLUMN primeiro_toque_em timestamptz;
CREATE INDEX leads_campanha_idx ON leads_juros_check (id_empresa_fk, campanha_origem, created_at)
  WHERE campanha_origem IS NOT NULL;

-- 3. A marketing cost may name the campaign and/or the ad it paid for.
ALTER TABLE custos_marketing
  ADD COLUMN campanha text CHECK (length(campanha) <= 200),
  ADD COLUMN anuncio_id text CHECK (length(anuncio_id) <= 200);

-- 4. Each company's Conversions API settings: off by default, the token encrypted (crypto/secrets.ts, v1.…).
CREATE TABLE conversoes_meta_config (
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  ativo boolean NOT NULL DEFAULT false,
  dataset_id text NOT NULL DEFAULT '' CHECK (length(dataset_id) <= 100),
  access_token text,
  versao_api text NOT NULL DEFAULT 'v25.0' CHECK (versao_api ~ '^v\d+\.\d+$'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk)
);

-- 5. One event per lead and moment, with its outcome (the dead letter when the tries are spent).
CREATE TABLE conversoes_meta_eventos (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL,
  id_lead_fk uuid NOT NULL,
  evento text NOT NULL CHECK (evento IN ('LeadSubmitted', 'Purchase')),
  status text NOT NULL DEFAULT 'pendente' CHECK (status IN ('pendente', 'enviado', 'falhou')),
  valor numeric(14,2),
  tentativas int NOT NULL DEFAULT 0,
  erro text,
  fbtrace_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  enviado_em timestamptz,
  PRIMARY KEY (id_empresa_fk, id),
  UNIQUE (id_empresa_fk, id_lead_fk, evento),
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE CASCADE
);
CREATE INDEX conversoes_meta_eventos_recentes_idx ON conversoes_meta_eventos (id_empresa_fk, created_at DESC);

ALTER TABLE conversoes_meta_config ENABLE ROW LEVEL SECURITY;
ALTER TABLE conversoes_meta_config FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON conversoes_meta_config USING (id_empresa_fk = app_empresa_id() OR app_cruza_empresas())
  WITH CHECK (id_empresa_fk = app_empresa_id() OR app_cruza_empresas());
ALTER TABLE conversoes_meta_eventos ENABLE ROW LEVEL SECURITY;
ALTER TABLE conversoes_meta_eventos FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON conversoes_meta_eventos USING (id_empresa_fk = app_empresa_id() OR app_cruza_empresas())
  WITH CHECK (id_empresa_fk = app_empresa_id() OR app_cruza_empresas());
GRANT SELECT, INSERT, UPDATE, DELETE ON conversoes_meta_config, conversoes_meta_eventos TO crm_app;
