-- Decisions 1895, 1896: /api/v1 reads tags, notes, processes, deadlines, documents, costs, people, privacy requests
-- and the audit trail in cursor order ((updated_at, id), or the creation time for rows that never change).

-- Keys made before the scopes (assinada = false) have every scope (decision 1811): that includes the new ones.
UPDATE chaves_api SET escopos = escopos || ARRAY(
    SELECT s FROM unnest(ARRAY['privacy:read', 'privacy:write', 'audit:read']) s WHERE NOT s = ANY (escopos))
 WHERE NOT assinada;

-- The pages whose order no index of the screens gives (the screens sort by name or by due day).
CREATE INDEX prazos_processo_updated_id_idx ON prazos_processo (id_empresa_fk, updated_at, id);
CREATE INDEX custos_marketing_updated_id_idx ON custos_marketing (id_empresa_fk, updated_at, id);
CREATE INDEX privacidade_pedidos_updated_id_idx ON privacidade_pedidos (id_empresa_fk, updated_at, id);
