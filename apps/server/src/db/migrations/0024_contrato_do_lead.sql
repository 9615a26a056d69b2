-- Issue 14, parts 1 and 4 (decisions 1401–1403): the contract of each lead, and its pre-analysis kept on the lead
-- for the lists' 'Potencial de revisão' column, filter and sort.

-- 1. The contract as people fill it in. valor_contrato stays the amount financed (the spec's valor total
--    financiado), valor_parcela and quantidade_parcelas_pagas stay as they are.
ALTER TABLE leads_juros_check
  ADD COLUMN modalidade_credito text CHECK (modalidade_credito IN ('financiamento_veiculo', 'consignado_inss',
    'consignado_publico', 'consignado_privado', 'credito_pessoal', 'imobiliario', 'outros')),
  ADD COLUMN valor_liberado numeric(14,2) CHECK (valor_liberado > 0),
  ADD COLUMN quantidade_parcelas int CHECK (quantidade_parcelas BETWEEN 1 AND 480),
  ADD COLUMN data_contrato date,
  ADD COLUMN banco text CHECK (length(banco) <= 120),
  ADD COLUMN taxa_informada_mensal numeric(7,4) CHECK (taxa_informada_mensal >= 0 AND taxa_informada_mensal <= 30),
  -- the pre-analysis, a cache computed by the server (the equation needs an iterative solver) whenever an input
  -- or the rates change (section 3)
  ADD COLUMN revisional_razao numeric(8,4),
  ADD COLUMN revisional_faixa text,
  ADD COLUMN revisional_sobrepago_centavos bigint,
  ADD COLUMN revisional_calculado_em timestamptz;

-- the modality a lead starts with, from the spec's tipo_financiamento (Carro/Moto → veículo, Casa → imobiliário)
UPDATE leads_juros_check SET modalidade_credito = CASE tipo_financiamento
    WHEN 'Carro' THEN 'financiamento_veiculo' WHEN 'Moto' THEN 'financiamento_veiculo' WHEN 'Casa' THEN 'imobiliario'
    WHEN 'Crédito Pessoal' THEN 'credito_pessoal' WHEN 'Outros' THEN 'outros' END
 WHERE tipo_financiamento IS NOT NULL;

-- 2. The company's screening threshold (issue 14: default 1.5× the reference, between 1× and 5×)
ALTER TABLE empresas ADD COLUMN revisional_limiar numeric(3,2) NOT NULL DEFAULT 1.5
  CHECK (revisional_limiar BETWEEN 1 AND 5);

-- 3. Stale on change: a lead inserted, or whose contract changed, waits in leads_revisional_pendentes for the
--    sweep (revisional/recompute.ts), which computes it (the equation needs an iterative solver) and removes it.
--    The cached result columns are in no index, and pages keep room for HOT updates: writing the analysis of
--    200k leads touches no index of this much-indexed table (decision 1403).
ALTER TABLE leads_juros_check SET (fillfactor = 90);

CREATE TABLE leads_revisional_pendentes (
  id_empresa_fk uuid NOT NULL,
  id_lead_fk uuid NOT NULL,
  PRIMARY KEY (id_empresa_fk, id_lead_fk),
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE CASCADE
);
ALTER TABLE leads_revisional_pendentes ENABLE ROW LEVEL SECURITY;
ALTER TABLE leads_revisional_pendentes FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON leads_revisional_pendentes USING (id_empresa_fk = app_empresa_id() OR app_cruza_empresas())
  WITH CHECK (id_empresa_fk = app_empresa_id() OR app_cruza_empresas());
GRANT SELECT, INSERT, UPDATE, DELETE ON leads_revisional_pendentes TO crm_app;

INSERT INTO leads_revisional_pendentes (id_empresa_fk, id_lead_fk) SELECT id_empresa_fk, id FROM leads_juros_check;

-- a new lead starts with the modality of its tipo_financiamento
CREATE FUNCTION leads_revisional_modalidade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.modalidade_credito IS NULL AND NEW.tipo_financiamento IS NOT NULL THEN
    NEW.modalidade_credito := CASE NEW.tipo_financiamento
      WHEN 'Carro' THEN 'financiamento_veiculo' WHEN 'Moto' THEN 'financiamento_veiculo' WHEN 'Casa' THEN 'imobiliario'
      WHEN 'Crédito Pessoal' THEN 'credito_pessoal' ELSE 'outros' END;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER leads_revisional_modalidade BEFORE INSERT ON leads_juros_check
  FOR EACH ROW EXECUTE FUNCTION leads_revisional_modalidade();

-- new leads wait for the sweep, in one statement per insert (an import of thousands of rows)
CREATE FUNCTION leads_revisional_apos_inserir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leads_revisional_pendentes (id_empresa_fk, id_lead_fk) SELECT id_empresa_fk, id FROM novos
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER leads_revisional_inserir AFTER INSERT ON leads_juros_check
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION leads_revisional_apos_inserir();

-- only updates of an input column run it: the other updates of a lead (status, messages…) pay nothing
CREATE FUNCTION leads_revisional_apos_mudar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leads_revisional_pendentes (id_empresa_fk, id_lead_fk) VALUES (NEW.id_empresa_fk, NEW.id)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER leads_revisional_mudar AFTER UPDATE OF modalidade_credito, valor_contrato, valor_liberado, valor_parcela,
    quantidade_parcelas, quantidade_parcelas_pagas, data_contrato, taxa_informada_mensal ON leads_juros_check
  FOR EACH ROW WHEN ((NEW.modalidade_credito, NEW.valor_contrato, NEW.valor_liberado, NEW.valor_parcela,
    NEW.quantidade_parcelas, NEW.quantidade_parcelas_pagas, NEW.data_contrato, NEW.taxa_informada_mensal)
    IS DISTINCT FROM (OLD.modalidade_credito, OLD.valor_contrato, OLD.valor_liberado, OLD.valor_parcela,
    OLD.quantidade_parcelas, OLD.quantidade_parcelas_pagas, OLD.data_contrato, OLD.taxa_informada_mensal))
  EXECUTE FUNCTION leads_revisional_apos_mudar();
