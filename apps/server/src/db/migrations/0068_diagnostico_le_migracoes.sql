-- Decision 1858: the platform admin's diagnosis (/configuracoes, as crm_app) compares the applied migrations and
-- their checksums with the code's files. crm_app keeps no right on schema_migrations (migrate.ts revokes them after
-- every migration); this function, run with its owner's rights, lends it a read of the two columns and nothing else.
CREATE FUNCTION migracoes_aplicadas() RETURNS TABLE (versao text, checksum text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$ SELECT versao, checksum FROM public.schema_migrations $$;
REVOKE ALL ON FUNCTION migracoes_aplicadas() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION migracoes_aplicadas() TO crm_app;
