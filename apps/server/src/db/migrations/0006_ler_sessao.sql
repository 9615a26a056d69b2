-- Every API request resolves its session cookie. Doing it as one function call (one round trip, no explicit
-- transaction) instead of BEGIN / set_config / SELECT / COMMIT: the system context it needs to read across tenants
-- is set transaction-locally inside the call and cleared before it returns.
CREATE FUNCTION crm_ler_sessao(p_id text, p_toque interval, p_idle interval)
RETURNS TABLE (sessao_id text, usuario_id uuid, usuario_email text, usuario_nome text, usuario_papel text,
               empresa_id uuid, empresa_nome text)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM set_config('app.empresa_id', '', true), set_config('app.usuario_id', '', true),
          set_config('app.papel', 'sistema', true);
  -- slide the expiry, at most once per p_toque, so reads do not turn into writes
  UPDATE auth_sessoes SET last_seen_at = now(), expires_at = now() + p_idle
   WHERE id = p_id AND revoked_at IS NULL AND expires_at > now() AND last_seen_at < now() - p_toque;
  RETURN QUERY
    SELECT s.id, u.id, u.email, u.nome, u.papel, u.id_empresa_fk, e.nome_empresa
      FROM auth_sessoes s
      JOIN usuarios_plataforma u ON u.id = s.id_usuario_fk
      LEFT JOIN empresas e ON e.id = u.id_empresa_fk
     WHERE s.id = p_id AND s.revoked_at IS NULL AND s.expires_at > now() AND u.ativo;
  PERFORM set_config('app.papel', '', true);
END $$;

REVOKE ALL ON FUNCTION crm_ler_sessao(text, interval, interval) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION crm_ler_sessao(text, interval, interval) TO crm_app;
