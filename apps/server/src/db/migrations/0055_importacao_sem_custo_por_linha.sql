-- Decision 1712: the INSERT path of leads_juros_check pays no per-row work that a CSV import would pay 155k times.
-- Every INSERT trigger of the table was already set-based (statement level, REFERENCING NEW TABLE) except two BEFORE
-- ROW ones; what each insert still paid per row, measured on 40k imported leads (a loaded machine, one trigger group at
-- a time), was the phones' suffix rows (~3x the bare insert), the search words (~1x) and the revisional modality (~0.6x).
-- Only the INSERT-only functions change here; the UPDATE and DELETE paths are untouched.

-- 1. Phone suffixes of new leads (decision 1501): no ON CONFLICT. A new lead's id is in no suffix row yet, and one
--    phone's suffixes differ in length, so the speculative insertion it asked for (an extra probe of the primary key per
--    suffix, ~10 a lead) was pure cost: ~30% of this trigger.
CREATE OR REPLACE FUNCTION leads_telefone_busca_apos_inserir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leads_telefone_busca (id_empresa_fk, sufixo, id_lead_fk, created_at)
  SELECT n.id_empresa_fk, s, n.id, n.created_at FROM novos n CROSS JOIN LATERAL unnest(telefone_sufixos(n.telefone_normalizado)) AS s
   WHERE n.telefone_normalizado IS NOT NULL;
  RETURN NULL;
END $$;

-- 2. New leads wait for the revisional sweep: no ON CONFLICT either (a new lead cannot be waiting already).
CREATE OR REPLACE FUNCTION leads_revisional_apos_inserir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leads_revisional_pendentes (id_empresa_fk, id_lead_fk) SELECT id_empresa_fk, id FROM novos;
  RETURN NULL;
END $$;

-- 3. The starting modality of a lead: the trigger function runs only when there is something to fill. A writer that
--    already gives modalidade_credito (the import, from the domain's MODALIDADE_DO_TIPO) costs no function call per row;
--    the others (manual form, API, WhatsApp) keep the fill as before.
DROP TRIGGER leads_revisional_modalidade ON leads_juros_check;
CREATE TRIGGER leads_revisional_modalidade BEFORE INSERT ON leads_juros_check
  FOR EACH ROW WHEN (NEW.modalidade_credito IS NULL AND NEW.tipo_financiamento IS NOT NULL)
  EXECUTE FUNCTION leads_revisional_modalidade();
