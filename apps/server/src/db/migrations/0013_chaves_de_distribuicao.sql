-- Distribution-ready keys (issue 16, part 7; docs/decisions/0017-distribution-keys.md). With Citus, tenant tables are
-- distributed by id_empresa_fk and every unique index of a distributed table must contain it; the tables that are
-- global by nature are listed, each with its reason, in apps/server/src/db/global-tables.ts, and
-- db/distribution-keys.test.ts holds every other table of `public` to the rule from the catalog.
--
-- Before this migration every tenant table already had id_empresa_fk NOT NULL, its primary key on
-- (id_empresa_fk, ...) and composite foreign keys to other tenant tables. The three tables whose id_empresa_fk may be
-- null (usuarios_plataforma, emails_saida, auditoria) hold rows of people with no company (the platform admin) or
-- mail kept after its company is gone: they are global tables, not tenant tables, so no backfill is needed.
-- What remained were four unique indexes without the company:

-- 1. id-only unique indexes. Every foreign key to these tables is composite (id_empresa_fk, id) and uses the primary
--    key, so the id alone needs no uniqueness (ids are gen_random_uuid(); the primary key keeps them unique within a
--    company, which is what every reference relies on). A plain index keeps the look-ups by id alone (the platform
--    admin's, chat/access.ts) as fast as before: the tenant policy's OR cannot serve as an index condition.
CREATE INDEX consultores_id_idx ON consultores (id);
DROP INDEX consultores_id_uq;
CREATE INDEX profissionais_juridicos_id_idx ON profissionais_juridicos (id);
DROP INDEX profissionais_juridicos_id_uq;
CREATE INDEX leads_id_idx ON leads_juros_check (id);
DROP INDEX leads_id_uq;

-- 2. An invitation's token is unique within its company. The link names the company, and the only look-up
--    (invitations/load-valid-invite.ts) is by token and company: this index serves it.
ALTER TABLE convites DROP CONSTRAINT convites_token_hash_key;
ALTER TABLE convites ADD CONSTRAINT convites_empresa_token_hash_key UNIQUE (id_empresa_fk, token_hash);

-- 3. São Paulo days by the time zone, not a fixed UTC−3 offset (issue 16 forbids fixed offsets; @crm/domain/period
--    already uses America/Sao_Paulo). timezone(text, timestamptz) is IMMUTABLE in PostgreSQL, so the function keeps
--    its volatility; it is used by the summary triggers of 0010 (and a trigger's WHEN), by no index.
--    The two differ only in Brazil's summer time, which ended on 2019-02-17: for an instant between 02:00 and 03:00
--    UTC of a summer-time night (before 2019) the fixed offset gave the day before. Leads created since then keep
--    their day; the summary rows of older ones that moved are corrected here, before the function changes. As a named
--    system task: RLS is forced, so an owner that is not a superuser would otherwise see no lead.
SELECT set_config('app.papel', 'sistema', true);
INSERT INTO leads_contagem_diaria AS c (id_empresa_fk, dia, status_lead, n)
SELECT id_empresa_fk, dia, status_lead, sum(d)::int
  FROM leads_juros_check l
  CROSS JOIN LATERAL (VALUES ((l.created_at AT TIME ZONE INTERVAL '-03:00')::date, -1),
                             ((l.created_at AT TIME ZONE 'America/Sao_Paulo')::date, 1)) AS v (dia, d)
 WHERE l.created_at < '2019-03-01'
   AND (l.created_at AT TIME ZONE INTERVAL '-03:00')::date <> (l.created_at AT TIME ZONE 'America/Sao_Paulo')::date
 GROUP BY 1, 2, 3
 ORDER BY 1, 2, 3
ON CONFLICT (id_empresa_fk, dia, status_lead) DO UPDATE SET n = c.n + EXCLUDED.n;
SELECT set_config('app.papel', '', true);

CREATE OR REPLACE FUNCTION leads_dia_sp(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (t AT TIME ZONE 'America/Sao_Paulo')::date
$$;
