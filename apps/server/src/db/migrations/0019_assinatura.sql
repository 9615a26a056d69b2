-- Issue 13, parts 1–3 (decisions 1301–1303): the subscription state model of packages/domain/src/subscription.ts.

-- 1. The company's subscription: trial end, cancel at period end (with its reason), a downgrade waiting for the next
--    cycle, read-only mode for an unpaid invoice, and the payment method kind (card data is only brand, last 4, expiry).
ALTER TABLE empresas
  ADD COLUMN teste_ate date,
  ADD COLUMN cancelar_no_fim boolean NOT NULL DEFAULT false,
  ADD COLUMN motivo_cancelamento text CHECK (length(motivo_cancelamento) <= 1000),
  ADD COLUMN plano_agendado text CHECK (plano_agendado IN ('Básico', 'Premium', 'Enterprise')),
  ADD COLUMN somente_leitura_desde date,
  ADD COLUMN pagamento_tipo text CHECK (pagamento_tipo IN ('cartao', 'boleto', 'pix'));

-- existing companies: a card on file means card payment; a paid period running from their join date in 30-day steps
UPDATE empresas SET pagamento_tipo = 'cartao' WHERE pagamento_ultimos4 IS NOT NULL;
UPDATE empresas
   SET data_renovacao = data_adesao + (((current_date - data_adesao) / 30) + 1) * 30
 WHERE data_renovacao IS NULL;

UPDATE empresas SET teste_ate = data_adesao + 14;

-- every company starts with a 14-day free trial from its join date (001 §9 FAQ), whose end is its first renewal
-- day; a company inserted with an older join date (imports, demo) gets its next renewal in 30-day steps after that
CREATE FUNCTION empresas_assinatura_inicial() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.teste_ate := coalesce(NEW.teste_ate, NEW.data_adesao + 14);
  IF NEW.data_renovacao IS NULL THEN
    NEW.data_renovacao := CASE WHEN NEW.teste_ate >= current_date THEN NEW.teste_ate
      ELSE NEW.teste_ate + (((current_date - NEW.teste_ate) / 30) + 1) * 30 END;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER empresas_assinatura_inicial BEFORE INSERT ON empresas
  FOR EACH ROW EXECUTE FUNCTION empresas_assinatura_inicial();

-- 2. Invoices: why (renewal of a period, prorated upgrade), when due, when and how paid, and which dunning steps
--    were already announced (the job is idempotent: one renewal invoice per period, each step once).
ALTER TABLE faturas
  ADD COLUMN tipo text NOT NULL DEFAULT 'renovacao' CHECK (tipo IN ('renovacao', 'upgrade')),
  ADD COLUMN vencimento date,
  ADD COLUMN pago_em timestamptz,
  ADD COLUMN metodo text CHECK (metodo IN ('cartao', 'boleto', 'pix')),
  ADD COLUMN avisos text[] NOT NULL DEFAULT '{}';
UPDATE faturas SET vencimento = periodo_inicio WHERE vencimento IS NULL;
ALTER TABLE faturas ALTER COLUMN vencimento SET NOT NULL;
-- an invoice inserted without a due day (imports, older code) is due on its period's first day
CREATE FUNCTION faturas_vencimento_padrao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.vencimento := coalesce(NEW.vencimento, NEW.periodo_inicio);
  RETURN NEW;
END $$;
CREATE TRIGGER faturas_vencimento_padrao BEFORE INSERT ON faturas
  FOR EACH ROW EXECUTE FUNCTION faturas_vencimento_padrao();
CREATE UNIQUE INDEX faturas_renovacao_uq ON faturas (id_empresa_fk, periodo_inicio) WHERE tipo = 'renovacao';
CREATE INDEX faturas_pendentes_idx ON faturas (id_empresa_fk, vencimento) WHERE status = 'pending';
