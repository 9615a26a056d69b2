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
  -- the pre-analysis, computed by the server (the equation needs an iterative solver) and marked stale by the
  -- trigger below whenever an input changes; NULL calculado_em = to compute
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

-- 3. Stale on change: any input of the calculation, inserted or changed, clears calculado_em so the sweep job
--    recomputes it; the sweep's own write (only the result columns) does not.
CREATE FUNCTION leads_revisional_obsoleto() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.modalidade_credito IS NULL AND NEW.tipo_financiamento IS NOT NULL THEN
      NEW.modalidade_credito := CASE NEW.tipo_financiamento
        WHEN 'Carro' THEN 'financiamento_veiculo' WHEN 'Moto' THEN 'financiamento_veiculo' WHEN 'Casa' THEN 'imobiliario'
        WHEN 'Crédito Pessoal' THEN 'credito_pessoal' ELSE 'outros' END;
    END IF;
    NEW.revisional_calculado_em := NULL;
  ELSIF (NEW.modalidade_credito, NEW.valor_contrato, NEW.valor_liberado, NEW.valor_parcela, NEW.quantidade_parcelas,
         NEW.quantidade_parcelas_pagas, NEW.data_contrato, NEW.taxa_informada_mensal)
        IS DISTINCT FROM
        (OLD.modalidade_credito, OLD.valor_contrato, OLD.valor_liberado, OLD.valor_parcela, OLD.quantidade_parcelas,
         OLD.quantidade_parcelas_pagas, OLD.data_contrato, OLD.taxa_informada_mensal) THEN
    NEW.revisional_calculado_em := NULL;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER leads_revisional_novo BEFORE INSERT ON leads_juros_check
  FOR EACH ROW EXECUTE FUNCTION leads_revisional_obsoleto();
-- only updates of an input column run it: the other updates of a lead (status, messages…) pay nothing
CREATE TRIGGER leads_revisional_obsoleto BEFORE UPDATE OF modalidade_credito, valor_contrato, valor_liberado, valor_parcela,
    quantidade_parcelas, quantidade_parcelas_pagas, data_contrato, taxa_informada_mensal ON leads_juros_check
  FOR EACH ROW EXECUTE FUNCTION leads_revisional_obsoleto();

-- 4. The sweep finds stale leads without scanning the others; the lists sort and filter by the ratio.
CREATE INDEX leads_revisional_pendente_idx ON leads_juros_check (id_empresa_fk, id) WHERE revisional_calculado_em IS NULL;
CREATE INDEX leads_revisional_razao_idx ON leads_juros_check (id_empresa_fk, revisional_razao DESC NULLS LAST, id)
  WHERE revisional_razao IS NOT NULL;
