-- The subscription state machine (decision 1621): a suspended company's Admin Empresa keeps a session, so they can
-- reach /assinatura and pay the invoice that brings the company back; the access guard (subscription/access-guard.ts)
-- opens nothing else to them. Everyone else of a suspended company still has no session (0022). The session also
-- carries the company's status, so the guard refuses a suspended admin's other reads without a query of its own;
-- the sessions every instance remembers are already forgotten when the status changes (trigger of 0022).
DROP FUNCTION crm_ler_sessao(text, interval, interval);
CREATE FUNCTION crm_ler_sessao(p_id text, p_toque interval, p_idle interval)
RETURNS TABLE (sessao_id text, usuario_id uuid, usuario_email text, usuario_nome text, usuario_papel text,
               empresa_id uuid, empresa_nome text, empresa_plano text, empresa_status text)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM set_config('app.empresa_id', '', true), set_config('app.usuario_id', '', true),
          set_config('app.papel', 'sistema', true);
  UPDATE auth_sessoes SET last_seen_at = now(), expires_at = now() + p_idle
   WHERE id = p_id AND revoked_at IS NULL AND expires_at > now() AND last_seen_at < now() - p_toque;
  RETURN QUERY
    SELECT s.id, u.id, u.email, u.nome, u.papel, u.id_empresa_fk, e.nome_empresa, e.plano_assinatura, e.status_assinatura
      FROM auth_sessoes s
      JOIN usuarios_plataforma u ON u.id = s.id_usuario_fk
      LEFT JOIN empresas e ON e.id = u.id_empresa_fk
     WHERE s.id = p_id AND s.revoked_at IS NULL AND s.expires_at > now() AND u.ativo
       AND (e.id IS NULL OR e.status_assinatura <> 'Suspenso' OR u.papel = 'Admin Empresa');
  PERFORM set_config('app.papel', '', true);
END $$;
GRANT EXECUTE ON FUNCTION crm_ler_sessao(text, interval, interval) TO crm_app;
