-- Decision 1930: /api/v1 reads and runs opt-in campaigns with the new scopes `campaigns:read` and `campaigns:write`.
-- (Their cursor page needs no index of its own: a company runs one campaign at a time, tens a year, and the screen's
-- index by company finds them.)

-- Keys made before the scopes (assinada = false) have every scope (decision 1811): that includes the new ones.
UPDATE chaves_api SET escopos = escopos || ARRAY(
    SELECT s FROM unnest(ARRAY['campaigns:read', 'campaigns:write']) s WHERE NOT s = ANY (escopos))
 WHERE NOT assinada;
