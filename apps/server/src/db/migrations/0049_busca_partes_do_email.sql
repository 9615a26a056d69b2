-- /leads, /meus-leads and /processos find a lead by the beginnings of its words (decision 0301): the name's words and
-- the whole e-mail. A piece of an e-mail's address past its first character ('josue.moura87' typed as 'moura87', or the
-- provider 'yahoo') began no term, so these lists missed what the top bar's 'contains' search found (decision 1644).
-- The e-mail's own words (split like a name's: 'josue', 'moura87', 'yahoo', 'com', 'br') are now terms too, beside
-- the whole address (kept, so 'josue.moura87@ya' still finds it by prefix).
CREATE OR REPLACE FUNCTION leads_termos_busca(nome text, email text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_split_to_array(leads_normalizar_texto(coalesce(nome, '')), '[^a-z0-9]+')
      || CASE WHEN nullif(btrim(email), '') IS NULL THEN '{}'::text[]
              ELSE ARRAY[leads_normalizar_texto(btrim(email))]
                   || regexp_split_to_array(leads_normalizar_texto(btrim(email)), '[^a-z0-9]+') END
$$;

-- Existing leads get their e-mail's words (the insert, delete and rename triggers all use the function above, so new
-- and changed leads keep them from now on; deleting a word never added is a no-op).
INSERT INTO leads_busca (id_empresa_fk, termo, id_lead_fk)
SELECT l.id_empresa_fk, left(t, 64), l.id
  FROM leads_juros_check l CROSS JOIN LATERAL unnest(leads_termos_busca(NULL, l.email)) AS t
 WHERE nullif(btrim(l.email), '') IS NOT NULL AND t <> '' AND t NOT IN ('da', 'de', 'do', 'das', 'dos', 'e')
ON CONFLICT DO NOTHING;

-- A process's term mask (0044) must cover the new terms, or /processos would pass over a match from the index alone.
UPDATE leads_juros_check SET busca_mascara = leads_mascara_termos(leads_termos_busca(nome, email))
 WHERE status_lead = 'Convertido (Ganho)' AND nullif(btrim(email), '') IS NOT NULL;
