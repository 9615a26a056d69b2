-- Issue 15 part 1 (decision 1501): migration 0027's duplicate report is shown on /leads. The demo seed, which runs as
-- crm_app, records the demo's repeated phones as telefones_migrar() would have (apps/server/src/seed/demo-duplicates.ts).
-- Row-level security still applies: a row goes only to the company in the transaction's context (or the system's).
GRANT INSERT ON leads_telefones_migrados TO crm_app;
