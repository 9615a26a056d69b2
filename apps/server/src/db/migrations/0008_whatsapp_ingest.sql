-- WhatsApp webhook ingest at 2,000 deliveries/s on two cores (issue 4, decision 0401): what each webhook batch
-- and each stored message cost the database.

-- 1. The inbox insert of a webhook batch in one round trip (like crm_ler_sessao, 0006): the system context it needs
--    (one batch holds several companies' events) is set transaction-locally inside the call and cleared before it
--    returns. Called outside any transaction, so the call is its own transaction: committed (durably, with
--    synchronous_commit) before the webhook is answered. Returns how many events were new, per company.
CREATE FUNCTION crm_whatsapp_inbox_gravar(p_linhas jsonb) RETURNS TABLE (empresa_id uuid, novos int)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM set_config('app.empresa_id', '', true), set_config('app.usuario_id', '', true),
          set_config('app.papel', 'sistema', true);
  RETURN QUERY
    WITH ins AS (
      INSERT INTO whatsapp_eventos (id_empresa_fk, chave, tipo, dados)
      SELECT x.e, x.c, x.t, x.d FROM jsonb_to_recordset(p_linhas) AS x (e uuid, c text, t text, d jsonb)
      ON CONFLICT (id_empresa_fk, chave) DO NOTHING
      RETURNING whatsapp_eventos.id_empresa_fk)
    SELECT ins.id_empresa_fk, count(*)::int FROM ins GROUP BY 1;
  PERFORM set_config('app.papel', '', true);
END $$;
REVOKE ALL ON FUNCTION crm_whatsapp_inbox_gravar(jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION crm_whatsapp_inbox_gravar(jsonb) TO crm_app;

-- 2. Conversas' order out of the lead row. Every stored message moves its lead's ultima_mensagem_em; while that
--    column was indexed (0004) each move was a non-HOT update: a new entry in every index of the wide lead table
--    (a dozen, and the leads list adds more), the largest cost of webhook processing. Now the lead's two message
--    times are in no index of leads_juros_check, so the inbox job's update (which leaves updated_at alone) is a HOT
--    update, and the list's order lives in this narrow table, kept by triggers from the lead's column (the one
--    source: whatever writes it, the chat, the AI, the seed or a test, keeps the list right).
--    Keep ultima_mensagem_em and ultima_mensagem_lead_em out of the lead table's indexes.
CREATE TABLE conversas_recentes (
  id_empresa_fk uuid NOT NULL,
  id_lead_fk uuid NOT NULL,
  ultima_mensagem_em timestamptz NOT NULL,
  PRIMARY KEY (id_empresa_fk, id_lead_fk),
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE CASCADE
);
-- Conversas pages on (last message time, lead id), newest first
CREATE INDEX conversas_recentes_ordem_idx ON conversas_recentes (id_empresa_fk, ultima_mensagem_em DESC, id_lead_fk DESC);
ALTER TABLE conversas_recentes ENABLE ROW LEVEL SECURITY;
ALTER TABLE conversas_recentes FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON conversas_recentes
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE, DELETE ON conversas_recentes TO crm_app;

-- set-based on insert (leads imported or seeded with a last message), per row when a lead's last message moves
CREATE FUNCTION conversas_recentes_apos_inserir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conversas_recentes (id_empresa_fk, id_lead_fk, ultima_mensagem_em)
  SELECT id_empresa_fk, id, ultima_mensagem_em FROM novos WHERE ultima_mensagem_em IS NOT NULL;
  RETURN NULL;
END $$;
CREATE TRIGGER conversas_recentes_inserir AFTER INSERT ON leads_juros_check
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION conversas_recentes_apos_inserir();

CREATE FUNCTION conversas_recentes_apos_mover() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.ultima_mensagem_em IS NULL THEN
    DELETE FROM conversas_recentes WHERE id_empresa_fk = NEW.id_empresa_fk AND id_lead_fk = NEW.id;
  ELSE
    INSERT INTO conversas_recentes AS c (id_empresa_fk, id_lead_fk, ultima_mensagem_em)
    VALUES (NEW.id_empresa_fk, NEW.id, NEW.ultima_mensagem_em)
    ON CONFLICT (id_empresa_fk, id_lead_fk) DO UPDATE SET ultima_mensagem_em = EXCLUDED.ultima_mensagem_em;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER conversas_recentes_mover AFTER UPDATE OF ultima_mensagem_em ON leads_juros_check FOR EACH ROW
  WHEN (OLD.ultima_mensagem_em IS DISTINCT FROM NEW.ultima_mensagem_em)
  EXECUTE FUNCTION conversas_recentes_apos_mover();

INSERT INTO conversas_recentes (id_empresa_fk, id_lead_fk, ultima_mensagem_em)
SELECT id_empresa_fk, id, ultima_mensagem_em FROM leads_juros_check WHERE ultima_mensagem_em IS NOT NULL;

DROP INDEX leads_empresa_ultima_mensagem_idx;
DROP INDEX leads_consultor_ultima_mensagem_idx;
-- room in each page for the new versions of its leads: HOT updates need it (~10% bigger heap for loaded pages)
ALTER TABLE leads_juros_check SET (fillfactor = 90);

-- 3. Tenant policies of the message tables with their settings read once per statement (an InitPlan), as 0002 did
-- for the lead tables: a webhook batch writes hundreds of rows, each checked against the policy.
ALTER POLICY tenant ON mensagens_whatsapp
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
ALTER POLICY tenant ON whatsapp_eventos
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
