-- Decision 1631: 'Processo Jurídico' is no longer a lead status. Setting it opened no process and told no one; a legal
-- process is a lead in 'Convertido (Ganho)' with a legal status (000 §4). Its leads become what the status meant: the
-- legal process of a converted lead. Each one keeps its legal status and conversion date when it has them (a lead
-- converted before it was moved here, as every demo lead was); one that never had them starts as a new process does,
-- in 'Aguardando Contato Jurídico', converted when it reached 'Processo Jurídico'. Both changes are written to the
-- lead's history as the system's, with the reason. The summaries kept by triggers (counters, /processos, finance,
-- companies, campaigns, the search mask) follow the UPDATE in this transaction. No notification and no deadline
-- chain is created here (the chain needs the working-day calendar of the application): the legal team finds these
-- processes on /processos, and those without a next deadline in 'Meus prazos' ('sem próximo prazo').
SELECT set_config('app.papel', 'sistema', true);

CREATE TEMPORARY TABLE processos_migrados ON COMMIT DROP AS
SELECT l.id, l.id_empresa_fk, l.status_juridico_lead IS NULL AS novo,
       coalesce(l.convertido_em, (SELECT max(h.created_at) FROM lead_status_historico h
                                   WHERE h.id_empresa_fk = l.id_empresa_fk AND h.id_lead_fk = l.id
                                     AND h.campo = 'status_lead' AND h.valor_novo = 'Processo Jurídico'),
                l.updated_at) AS convertido_em
  FROM leads_juros_check l
 WHERE l.status_lead = 'Processo Jurídico';

UPDATE leads_juros_check l
   SET status_lead = 'Convertido (Ganho)',
       status_juridico_lead = coalesce(l.status_juridico_lead, 'Aguardando Contato Jurídico'),
       convertido_em = m.convertido_em
  FROM processos_migrados m
 WHERE l.id_empresa_fk = m.id_empresa_fk AND l.id = m.id;

INSERT INTO lead_status_historico (id_empresa_fk, id_lead_fk, campo, valor_anterior, valor_novo, id_usuario_fk, origem, motivo)
SELECT m.id_empresa_fk, m.id, 'status_lead', 'Processo Jurídico', 'Convertido (Ganho)', NULL::uuid, 'sistema',
       'O status Processo Jurídico deixou de existir: o lead é um processo jurídico em Convertido (Ganho).'
  FROM processos_migrados m
UNION ALL
SELECT m.id_empresa_fk, m.id, 'status_juridico_lead', NULL, 'Aguardando Contato Jurídico', NULL::uuid, 'sistema',
       'Processo aberto na retirada do status Processo Jurídico.'
  FROM processos_migrados m
 WHERE m.novo;

SELECT set_config('app.papel', '', true);

-- the database refuses it from now on (the domain's STATUS_LEAD no longer lists it)
ALTER TABLE leads_juros_check DROP CONSTRAINT leads_juros_check_status_lead_check;
ALTER TABLE leads_juros_check ADD CONSTRAINT leads_juros_check_status_lead_check CHECK (status_lead IN (
  'Novo Lead', 'novo', 'Em Triagem IA', 'Requer Análise Manual IA', 'Confirmado pela IA', 'Qualificado para Atendente',
  'Em Contato / Primeiro Contato', 'Em Atendimento', 'Em Negociação', 'Proposta Enviada', 'Aguardando Documentação',
  'Em Acompanhamento', 'Convertido', 'Convertido (Ganho)', 'Perdido', 'Desqualificado / Perdido', 'Sem Resposta',
  'Não Interessado', 'Aguardando Retorno'));
