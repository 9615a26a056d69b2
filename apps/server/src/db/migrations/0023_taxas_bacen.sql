-- Issue 14, part 3 (decision 1402): the Central Bank's monthly average rates per modality, public reference data
-- shared by every company (global tables, db/global-tables.ts). Everyone signed in reads them; only the platform
-- admin and named system tasks (the daily SGS job) write them.

CREATE TABLE taxas_bacen (
  codigo_serie int NOT NULL CHECK (codigo_serie > 0),
  -- the month, as its first day (SGS dates monthly values 01/MM/aaaa)
  competencia date NOT NULL CHECK (extract(day FROM competencia) = 1),
  -- % a.m., as the series publishes it
  taxa_mensal numeric(8,4) NOT NULL CHECK (taxa_mensal >= 0 AND taxa_mensal < 100),
  origem text NOT NULL CHECK (origem IN ('sgs', 'csv', 'demo')),
  -- the demo's snapshot is illustrative, never presented as the Central Bank's
  ilustrativa boolean NOT NULL DEFAULT false,
  atualizado_em timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (codigo_serie, competencia)
);

-- each refresh or import, per series: when, how, the outcome in pt-BR (shown on /taxas-bacen)
CREATE TABLE taxas_bacen_atualizacoes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  codigo_serie int NOT NULL,
  origem text NOT NULL CHECK (origem IN ('sgs', 'csv', 'demo')),
  resultado text NOT NULL CHECK (resultado IN ('ok', 'erro')),
  mensagem text,
  valores int NOT NULL DEFAULT 0,
  id_usuario_fk uuid REFERENCES usuarios_plataforma (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX taxas_bacen_atualizacoes_serie_idx ON taxas_bacen_atualizacoes (codigo_serie, created_at DESC);

ALTER TABLE taxas_bacen ENABLE ROW LEVEL SECURITY;
ALTER TABLE taxas_bacen FORCE ROW LEVEL SECURITY;
CREATE POLICY leitura ON taxas_bacen FOR SELECT USING (true);
CREATE POLICY escrita ON taxas_bacen FOR ALL USING (app_cruza_empresas()) WITH CHECK (app_cruza_empresas());

ALTER TABLE taxas_bacen_atualizacoes ENABLE ROW LEVEL SECURITY;
ALTER TABLE taxas_bacen_atualizacoes FORCE ROW LEVEL SECURITY;
CREATE POLICY leitura ON taxas_bacen_atualizacoes FOR SELECT USING (true);
CREATE POLICY escrita ON taxas_bacen_atualizacoes FOR ALL USING (app_cruza_empresas()) WITH CHECK (app_cruza_empresas());

GRANT SELECT, INSERT, UPDATE, DELETE ON taxas_bacen, taxas_bacen_atualizacoes TO crm_app;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO crm_app;
