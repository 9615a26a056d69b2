-- Every company screen's request named its company's plan with a query of its own (contextoEmpresa: plan limits and
-- the dashboard's header need it). The session every instance remembers (0009) now carries the plan with the
-- company's name, and is forgotten everywhere when the plan changes, as it is when the name or the status does.
DROP FUNCTION crm_ler_sessao(text, interval, interval);
CREATE FUNCTION crm_ler_sessao(p_id text, p_toque interval, p_idle interval)
RETURNS TABLE (sessao_id text, usuario_id uuid, usuario_email text, usuario_nome text, usuario_papel text,
               empresa_id uuid, empresa_nome text, empresa_plano text)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM set_config('app.empresa_id', '', true), set_config('app.usuario_id', '', true),
          set_config('app.papel', 'sistema', true);
  UPDATE auth_sessoes SET last_seen_at = now(), expires_at = now() + p_idle
   WHERE id = p_id AND revoked_at IS NULL AND expires_at > now() AND last_seen_at < now() - p_toque;
  RETURN QUERY
    SELECT s.id, u.id, u.email, u.nome, u.papel, u.id_empresa_fk, e.nome_empresa, e.plano_assinatura
      FROM auth_sessoes s
      JOIN usuarios_plataforma u ON u.id = s.id_usuario_fk
      LEFT JOIN empresas e ON e.id = u.id_empresa_fk
     WHERE s.id = p_id AND s.revoked_at IS NULL AND s.expires_at > now() AND u.ativo
       AND (e.id IS NULL OR e.status_assinatura <> 'Suspenso');
  PERFORM set_config('app.papel', '', true);
END $$;
GRANT EXECUTE ON FUNCTION crm_ler_sessao(text, interval, interval) TO crm_app;

CREATE TRIGGER sessoes_empresa_plano AFTER UPDATE OF plano_assinatura ON empresas
  FOR EACH STATEMENT EXECUTE FUNCTION crm_sessoes_alteradas();
