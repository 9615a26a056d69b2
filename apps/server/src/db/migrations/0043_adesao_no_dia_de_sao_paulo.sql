-- A company's join day, trial end and first renewal are São Paulo calendar days (packages/domain period.ts). The
-- defaults of 0001 and 0021 used current_date, which is the day of the session's TimeZone: the app's connections run in
-- UTC (db/pool.ts), so a company created between 21:00 and 24:00 in São Paulo joined 'tomorrow' and got a trial one
-- day longer than the 14 days of 001 §9 (and 'A data de adesão não pode ser no futuro' refused today's date then).
ALTER TABLE empresas ALTER COLUMN data_adesao SET DEFAULT leads_dia_sp(now());

CREATE OR REPLACE FUNCTION empresas_assinatura_inicial() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hoje date := leads_dia_sp(now());
BEGIN
  NEW.teste_ate := coalesce(NEW.teste_ate, NEW.data_adesao + 14);
  IF NEW.data_renovacao IS NULL THEN
    NEW.data_renovacao := CASE WHEN NEW.teste_ate >= hoje THEN NEW.teste_ate
      ELSE NEW.teste_ate + (((hoje - NEW.teste_ate) / 30) + 1) * 30 END;
  END IF;
  RETURN NEW;
END $$;
