-- Each server instance remembers the sessions it read for a few seconds (apps/server/src/auth/session-cache.ts,
-- decision 0011). Whatever could make a remembered session wrong tells every instance to forget: a NOTIFY on
-- crm_sessoes (delivered at commit), and a transaction-local mark the committing instance reads with its COMMIT.
-- Triggers, not calls in the code, so that no path that changes these rows (now or later) can forget to do it.
CREATE FUNCTION crm_sessoes_alteradas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('crm_sessoes', ''), set_config('crm.sessoes_alteradas', 'sim', true);
  RETURN NULL;
END $$;

-- revoked, or made to expire sooner (the touch of crm_ler_sessao only pushes the expiry forward: no trigger)
CREATE TRIGGER sessoes_revogadas AFTER UPDATE OF revoked_at, expires_at ON auth_sessoes FOR EACH ROW
  WHEN (NEW.revoked_at IS DISTINCT FROM OLD.revoked_at OR NEW.expires_at < OLD.expires_at)
  EXECUTE FUNCTION crm_sessoes_alteradas();
CREATE TRIGGER sessoes_excluidas AFTER DELETE ON auth_sessoes FOR EACH STATEMENT EXECUTE FUNCTION crm_sessoes_alteradas();

-- what a session carries about its user and company (http/auth-context.ts TAuth)
CREATE TRIGGER sessoes_usuario_alterado AFTER UPDATE OF papel, ativo, id_empresa_fk, email, nome ON usuarios_plataforma
  FOR EACH STATEMENT EXECUTE FUNCTION crm_sessoes_alteradas();
CREATE TRIGGER sessoes_usuario_excluido AFTER DELETE ON usuarios_plataforma
  FOR EACH STATEMENT EXECUTE FUNCTION crm_sessoes_alteradas();
CREATE TRIGGER sessoes_empresa_alterada AFTER UPDATE OF nome_empresa ON empresas
  FOR EACH STATEMENT EXECUTE FUNCTION crm_sessoes_alteradas();
CREATE TRIGGER sessoes_empresa_excluida AFTER DELETE ON empresas
  FOR EACH STATEMENT EXECUTE FUNCTION crm_sessoes_alteradas();
