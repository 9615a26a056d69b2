-- Issue 13 parts 4-5 (decisions 1304-1306): the operator's companies.

-- 1. A suspended company's people have no session: sign-in refuses them (auth/login.ts, with the reason) and a session
--    they already had stops resolving here, on its next request, whoever suspended the company (the operator on
--    /empresas, or the unpaid-invoice path of the subscription). Same function as 0006, one condition more.
CREATE OR REPLACE FUNCTION crm_ler_sessao(p_id text, p_toque interval, p_idle interval)
RETURNS TABLE (sessao_id text, usuario_id uuid, usuario_email text, usuario_nome text, usuario_papel text,
               empresa_id uuid, empresa_nome text)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM set_config('app.empresa_id', '', true), set_config('app.usuario_id', '', true),
          set_config('app.papel', 'sistema', true);
  UPDATE auth_sessoes SET last_seen_at = now(), expires_at = now() + p_idle
   WHERE id = p_id AND revoked_at IS NULL AND expires_at > now() AND last_seen_at < now() - p_toque;
  RETURN QUERY
    SELECT s.id, u.id, u.email, u.nome, u.papel, u.id_empresa_fk, e.nome_empresa
      FROM auth_sessoes s
      JOIN usuarios_plataforma u ON u.id = s.id_usuario_fk
      LEFT JOIN empresas e ON e.id = u.id_empresa_fk
     WHERE s.id = p_id AND s.revoked_at IS NULL AND s.expires_at > now() AND u.ativo
       AND (e.id IS NULL OR e.status_assinatura <> 'Suspenso');
  PERFORM set_config('app.papel', '', true);
END $$;

-- the sessions every instance remembers (0009) are forgotten when a company's status changes
CREATE TRIGGER sessoes_empresa_status AFTER UPDATE OF status_assinatura ON empresas
  FOR EACH STATEMENT EXECUTE FUNCTION crm_sessoes_alteradas();

-- 2. /empresas searches name or contact email ignoring case and accents ('revisao' finds 'Revisão').
CREATE FUNCTION crm_sem_acento(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT translate(lower(t), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn') $$;
GRANT EXECUTE ON FUNCTION crm_sem_acento(text) TO crm_app;

-- 3. The short history on /empresa/{id}: the platform's actions on one company, newest first.
CREATE INDEX auditoria_plataforma_idx ON auditoria (id_empresa_fk, created_at DESC) WHERE acao LIKE 'plataforma.%';
