-- Search words by lead (issue 3; docs/decisions/0301-leads-search-under-rls.md). The primary key (company, word,
-- lead) finds the leads of a word; checking whether one lead has a word had to scan the word's whole range, so a
-- common word ("silva": 22k of 200k leads) made a search walk 22k entries per candidate lead (0.3–1.6 s). With this
-- index PostgreSQL can also walk the page's order and look up each lead's own few words (~4 ms), and drop a lead's
-- words without a scan.
CREATE INDEX leads_busca_lead_idx ON leads_busca (id_empresa_fk, id_lead_fk) INCLUDE (termo);
