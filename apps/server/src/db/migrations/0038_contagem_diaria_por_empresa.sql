-- A company's figures read leads_contagem_diaria by (company, day range). Its only covering index was 0024's
-- (dia) INCLUDE (id_empresa_fk, status_lead, n), made for the platform's reads across companies: a company's generic
-- plan chose it too (index-only) and then filtered every company's days — 1,000 companies' rows for one company's
-- year. Led by the company and covering n, this one keeps a company's read to its own rows, without the table.
CREATE UNIQUE INDEX leads_contagem_diaria_empresa_idx ON leads_contagem_diaria (id_empresa_fk, dia, status_lead) INCLUDE (n);

-- A phone fragment common to many leads ('9000': a quarter of a 200k-lead company) made /leads join every matching
-- suffix's lead before taking the newest 25 (3 s). With each lead's suffixes reachable by lead, as leads_busca's words
-- are (0012), PostgreSQL can instead walk the page's order and check each lead's own suffixes, as it does for a
-- common word; a rare fragment still starts from the suffix range.
CREATE INDEX leads_telefone_busca_lead_idx ON leads_telefone_busca (id_empresa_fk, id_lead_fk) INCLUDE (sufixo);
