-- Cheaper bulk inserts into the lead table (issue 3: a 16 MB CSV import). Measured on 155k leads: the search-word
-- trigger took ~45% of the insert and each secondary index ~8%. See docs/decisions/0303-leads-import-cost.md.

-- 1. Search words inserted in the primary key's order and without ON CONFLICT: the btree then grows page by page
--    instead of taking each word at a random leaf, and no speculative insertion per word. A new lead's id is new,
--    so (company, word, lead) cannot exist yet; DISTINCT covers a word repeated in one name ("Maria Maria").
CREATE OR REPLACE FUNCTION leads_busca_apos_inserir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leads_busca (id_empresa_fk, termo, id_lead_fk)
  SELECT DISTINCT n.id_empresa_fk, left(t, 64) COLLATE "C", n.id
    FROM novos n CROSS JOIN LATERAL unnest(leads_termos_busca(n.nome, n.email)) AS t
   WHERE t <> '' AND t NOT IN ('da', 'de', 'do', 'das', 'dos', 'e')
   ORDER BY 1, 2, 3;
  RETURN NULL;
END $$;

-- 2. One consultant index instead of two: (company, consultant, created_at) serves the consultant filter and the
--    Consultor's board in period order, and, carrying the status, the assignment's count of a consultant's open
--    leads as an index-only scan (what leads_consultor_status_idx of 0005 was for).
DROP INDEX leads_consultor_status_idx;
DROP INDEX leads_empresa_consultor_idx;
CREATE INDEX leads_empresa_consultor_idx ON leads_juros_check (id_empresa_fk, consultor_atribuido_id, created_at DESC)
  INCLUDE (status_lead);
