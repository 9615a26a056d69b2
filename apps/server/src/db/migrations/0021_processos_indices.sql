-- Issue 11, Performance (decision 1104): /processos and the legal dashboard over 50k processes of one company among
-- 1M leads. The partial indexes of 0016 did not match the list's ORDER BY (`updated_at DESC, id DESC` read an index
-- in `updated_at DESC, id ASC` order, and `convertido_em DESC NULLS LAST` an index with NULLS FIRST), so each page
-- sorted the company's processes. These indexes follow each sort of the list exactly (read forwards or backwards),
-- always with the id that breaks ties, so a page is an index range scan stopped at LIMIT.
DROP INDEX leads_processos_updated_idx;
DROP INDEX leads_processos_convertido_idx;
DROP INDEX leads_processos_status_idx;
DROP INDEX leads_processos_profissional_idx;

CREATE INDEX leads_processos_updated_idx ON leads_juros_check (id_empresa_fk, updated_at DESC, id DESC)
  WHERE status_lead = 'Convertido (Ganho)';
CREATE INDEX leads_processos_convertido_idx ON leads_juros_check (id_empresa_fk, convertido_em DESC NULLS LAST, id DESC)
  WHERE status_lead = 'Convertido (Ganho)';
CREATE INDEX leads_processos_nome_idx ON leads_juros_check (id_empresa_fk, lower(nome), id)
  WHERE status_lead = 'Convertido (Ganho)';
CREATE INDEX leads_processos_valor_idx ON leads_juros_check (id_empresa_fk, valor_contrato, id)
  WHERE status_lead = 'Convertido (Ganho)';
CREATE INDEX leads_processos_fechado_idx ON leads_juros_check (id_empresa_fk, valor_contrato_fechado DESC NULLS LAST, id DESC)
  WHERE status_lead = 'Convertido (Ganho)';
-- the legal-status filter (and its counters, index-only) in the list's default order; the dashboard's alerts read
-- the oldest of one status by conversion date
CREATE INDEX leads_processos_status_idx ON leads_juros_check (id_empresa_fk, status_juridico_lead, updated_at DESC, id DESC)
  WHERE status_lead = 'Convertido (Ganho)';
CREATE INDEX leads_processos_status_convertido_idx ON leads_juros_check (id_empresa_fk, status_juridico_lead, convertido_em)
  WHERE status_lead = 'Convertido (Ganho)';
CREATE INDEX leads_processos_profissional_idx
  ON leads_juros_check (id_empresa_fk, profissional_juridico_atribuido_id, updated_at DESC, id DESC)
  WHERE status_lead = 'Convertido (Ganho)';
CREATE INDEX leads_processos_consultor_idx ON leads_juros_check (id_empresa_fk, consultor_atribuido_id, updated_at DESC, id DESC)
  WHERE status_lead = 'Convertido (Ganho)';

-- the dashboard's 'finished per month': moves into 'Finalizado Jurídico' of a company by date
CREATE INDEX lead_status_historico_juridico_idx ON lead_status_historico (id_empresa_fk, valor_novo, created_at)
  WHERE campo = 'status_juridico_lead';
