-- Issue 14 part 4 (decision 1405): the AI screening uses the pre-analysis. The company's rule for a contract within
-- its screening threshold (tell the lead and mark it; or tell, mark and end the screening; or not use it), and the
-- mark on the lead: when the screening told the lead (once).
ALTER TABLE empresas ADD COLUMN revisional_regra_triagem text NOT NULL DEFAULT 'avisar'
  CHECK (revisional_regra_triagem IN ('desligada', 'avisar', 'encerrar'));

ALTER TABLE leads_juros_check ADD COLUMN revisional_avisado_em timestamptz;
