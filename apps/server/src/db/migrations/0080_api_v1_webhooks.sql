-- Decision 1928: /api/v1 manages the company's outbound webhooks with the new scope `webhooks:manage`.

-- Keys made before the scopes (assinada = false) have every scope (decision 1811): that includes the new one.
UPDATE chaves_api SET escopos = array_append(escopos, 'webhooks:manage')
 WHERE NOT assinada AND NOT ('webhooks:manage' = ANY (escopos));
