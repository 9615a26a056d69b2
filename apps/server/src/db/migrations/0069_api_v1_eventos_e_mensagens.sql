-- Decisions 1816, 1817: /api/v1 reads a lead's messages and the company's change log in cursor order.
-- A lead's messages in the cursor's order (updated_at, id): the chat's index is by timestamp, so without this a page
-- of a long conversation would sort every message of the lead.
CREATE INDEX mensagens_lead_updated_id_idx ON mensagens_whatsapp (id_empresa_fk, id_lead_fk, updated_at, id);

-- GET /api/v1/events: one company's log in the readers' order (transacao, id). The readers' index
-- (mudancas_transacao_idx) is across companies: a quiet company's page would walk every other company's rows.
CREATE INDEX mudancas_empresa_transacao_idx ON mudancas (id_empresa_fk, transacao, id);

-- Keys made before the scopes (assinada = false) have every scope (decision 1811): that includes the new events:read.
UPDATE chaves_api SET escopos = array_append(escopos, 'events:read')
 WHERE NOT assinada AND NOT ('events:read' = ANY (escopos));
