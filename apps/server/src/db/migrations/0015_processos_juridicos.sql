-- Issue 11, parts 1 and 2 (decision 1101): a lead that reaches 'Convertido (Ganho)' is a legal process.
-- status_juridico_lead already has the one vocabulary of 000 §4 as its CHECK (0001), and the legal professional
-- (profissional_juridico_atribuido_id) is a user of the company (composite FK to usuarios_plataforma); both stay.

-- 1. When the lead became a process: the period filter of /processos and its default order.
ALTER TABLE leads_juros_check ADD COLUMN convertido_em timestamptz;

-- 2. Existing converted leads become processes: the date they were converted (their last change to the status,
--    else their last update), and the initial legal status with a history entry for those that had none.
UPDATE leads_juros_check l
   SET convertido_em = coalesce(
         (SELECT max(h.created_at) FROM lead_status_historico h
           WHERE h.id_empresa_fk = l.id_empresa_fk AND h.id_lead_fk = l.id
             AND h.campo = 'status_lead' AND h.valor_novo = 'Convertido (Ganho)'),
         l.updated_at)
 WHERE l.status_lead = 'Convertido (Ganho)';

INSERT INTO lead_status_historico (id_empresa_fk, id_lead_fk, campo, valor_anterior, valor_novo, origem, motivo)
SELECT l.id_empresa_fk, l.id, 'status_juridico_lead', NULL, 'Aguardando Contato Jurídico', 'sistema',
       'Processo jurídico aberto para um lead já convertido'
  FROM leads_juros_check l
 WHERE l.status_lead = 'Convertido (Ganho)' AND l.status_juridico_lead IS NULL;

UPDATE leads_juros_check SET status_juridico_lead = 'Aguardando Contato Jurídico'
 WHERE status_lead = 'Convertido (Ganho)' AND status_juridico_lead IS NULL;

-- 3. /processos reads only a company's processes: partial indexes keep its list, counters and sorts small whatever
--    the number of other leads (the conditions use leakproof '=' so row-level security keeps them index conditions).
CREATE INDEX leads_processos_updated_idx ON leads_juros_check (id_empresa_fk, updated_at DESC, id)
  WHERE status_lead = 'Convertido (Ganho)';
CREATE INDEX leads_processos_convertido_idx ON leads_juros_check (id_empresa_fk, convertido_em DESC, id)
  WHERE status_lead = 'Convertido (Ganho)';
CREATE INDEX leads_processos_status_idx ON leads_juros_check (id_empresa_fk, status_juridico_lead, updated_at DESC)
  WHERE status_lead = 'Convertido (Ganho)';
CREATE INDEX leads_processos_profissional_idx ON leads_juros_check (id_empresa_fk, profissional_juridico_atribuido_id)
  WHERE status_lead = 'Convertido (Ganho)';
