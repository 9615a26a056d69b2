-- The company's records (decisions 1871–1874): the ROPA of LGPD art. 37 kept as dated versions, the retention rules
-- the company sets per category, and the report of each retention run. Every column here is classified in the data
-- catalogue (packages/domain/src/data-catalogue-tables.ts); the catalogue test fails on one that is not.

-- The controller's data the ROPA heads with (ANPD's model: name, CNPJ, address, activity, the person responsible);
-- the encarregado is already in this row (decision 1825).
ALTER TABLE privacidade_config
  ADD COLUMN controlador_cnpj text CHECK (controlador_cnpj ~ '^\d{14}$'),
  ADD COLUMN controlador_endereco text CHECK (length(controlador_endereco) <= 300),
  ADD COLUMN controlador_atividade text CHECK (length(controlador_atividade) <= 300),
  ADD COLUMN controlador_responsavel text CHECK (length(controlador_responsavel) <= 200);

-- When retention anonymised the lead (decision 1873): it is not picked again, and the screens can say so.
ALTER TABLE leads_juros_check ADD COLUMN anonimizado_em timestamptz;

-- One ROPA version: the document as generated (catalogue + settings at that moment), so an old version downloads
-- exactly as it was. Appended, never rewritten: crm_app may only INSERT and SELECT.
CREATE TABLE ropa_versoes (
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  versao integer NOT NULL CHECK (versao >= 1),
  gerada_em timestamptz NOT NULL,
  gerada_por_fk uuid,
  conteudo jsonb NOT NULL,
  PRIMARY KEY (id_empresa_fk, id),
  UNIQUE (id_empresa_fk, versao),
  FOREIGN KEY (id_empresa_fk, gerada_por_fk) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE SET NULL (gerada_por_fk)
);

-- A company's retention rule per category; no row = the domain's default (REGRAS_RETENCAO).
CREATE TABLE retencao_regras (
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  categoria text NOT NULL CHECK (categoria IN ('leads_nao_convertidos', 'pedidos_privacidade_encerrados')),
  meses smallint NOT NULL CHECK (meses BETWEEN 1 AND 120),
  ativa boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, categoria)
);

-- One retention run of one company: what was removed, by category (counts only, never a person's data).
CREATE TABLE retencao_execucoes (
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  executada_em timestamptz NOT NULL,
  origem text NOT NULL CHECK (origem IN ('agendada', 'manual')),
  itens jsonb NOT NULL,
  total integer NOT NULL CHECK (total >= 0),
  concluida_em timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id)
);
CREATE INDEX ropa_versoes_lista_idx ON ropa_versoes (id_empresa_fk, versao DESC);
CREATE INDEX retencao_execucoes_lista_idx ON retencao_execucoes (id_empresa_fk, executada_em DESC);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['ropa_versoes', 'retencao_regras', 'retencao_execucoes'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
      WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))', t);
  END LOOP;
END $$;
GRANT SELECT, INSERT ON ropa_versoes TO crm_app;
GRANT SELECT, INSERT, UPDATE ON retencao_regras TO crm_app;
GRANT SELECT, INSERT ON retencao_execucoes TO crm_app;
-- Retention anonymises a lead (decision 1873): its phone history goes with its phone (the table was append-only).
GRANT DELETE ON leads_telefones_migrados TO crm_app;
