-- Issue 13 parts 6–7 (decisions 1307–1309): the platform admin's users, figures and settings.

-- 1. The platform's own settings: one row, read by everybody (the WhatsApp sender and the mail sweeper need it),
--    changed only by the platform admin. NULL means the built-in default (GRAPH_VERSAO_PADRAO, MAIL_FROM).
CREATE TABLE configuracoes_plataforma (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  graph_versao_padrao text CHECK (graph_versao_padrao ~ '^v[0-9]{2}\.[0-9]$'),
  email_remetente_nome text CHECK (length(email_remetente_nome) BETWEEN 1 AND 100 AND email_remetente_nome !~ '[<>"\r\n]'),
  email_remetente_endereco text CHECK (email_remetente_endereco = lower(email_remetente_endereco)
    AND email_remetente_endereco LIKE '%_@_%' AND email_remetente_endereco !~ '[<>"\s]'),
  atualizado_por_fk uuid REFERENCES usuarios_plataforma (id) ON DELETE SET NULL,
  updated_at timestamptz
);
INSERT INTO configuracoes_plataforma DEFAULT VALUES;
ALTER TABLE configuracoes_plataforma ENABLE ROW LEVEL SECURITY;
ALTER TABLE configuracoes_plataforma FORCE ROW LEVEL SECURITY;
CREATE POLICY leitura ON configuracoes_plataforma FOR SELECT USING (true);
CREATE POLICY plataforma ON configuracoes_plataforma FOR UPDATE
  USING (app_papel() = 'Admin Plataforma') WITH CHECK (app_papel() = 'Admin Plataforma');
REVOKE ALL ON configuracoes_plataforma FROM crm_app;
GRANT SELECT, UPDATE ON configuracoes_plataforma TO crm_app;

-- 2. /usuarios ends another person's sessions: the platform admin reads and revokes them through this policy
--    (the others keep seeing only their own, policy 'dono' of 0001).
CREATE POLICY plataforma ON auth_sessoes USING (app_papel() = 'Admin Plataforma') WITH CHECK (app_papel() = 'Admin Plataforma');

-- 3. Leads per company, calendar month (São Paulo) and status, kept exact from the daily counter of 0010 in the
--    same transaction: the platform figures read a year as 12 rows per company instead of 365 (decision 1307).
CREATE TABLE leads_contagem_mensal (
  id_empresa_fk uuid NOT NULL,
  mes date NOT NULL CHECK (extract(day FROM mes) = 1),
  status_lead text NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (id_empresa_fk, mes, status_lead)
);
ALTER TABLE leads_contagem_mensal ENABLE ROW LEVEL SECURITY;
ALTER TABLE leads_contagem_mensal FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON leads_contagem_mensal
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE ON leads_contagem_mensal TO crm_app;
CREATE INDEX leads_contagem_mensal_mes_idx ON leads_contagem_mensal (mes) INCLUDE (id_empresa_fk, status_lead, n);
-- the loose days of a period, every company at once
CREATE INDEX leads_contagem_diaria_dia_idx ON leads_contagem_diaria (dia) INCLUDE (id_empresa_fk, status_lead, n);

CREATE FUNCTION leads_contagem_mensal_acompanhar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- the daily counter's usual change: one more or one less lead on a row that stays where it is
  IF TG_OP = 'UPDATE' AND OLD.id_empresa_fk = NEW.id_empresa_fk AND OLD.dia = NEW.dia AND OLD.status_lead = NEW.status_lead THEN
    UPDATE leads_contagem_mensal SET n = n + NEW.n - OLD.n
     WHERE id_empresa_fk = NEW.id_empresa_fk AND mes = date_trunc('month', NEW.dia)::date AND status_lead = NEW.status_lead;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO leads_contagem_mensal AS c (id_empresa_fk, mes, status_lead, n)
    VALUES (OLD.id_empresa_fk, date_trunc('month', OLD.dia)::date, OLD.status_lead, -OLD.n)
    ON CONFLICT (id_empresa_fk, mes, status_lead) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO leads_contagem_mensal AS c (id_empresa_fk, mes, status_lead, n)
    VALUES (NEW.id_empresa_fk, date_trunc('month', NEW.dia)::date, NEW.status_lead, NEW.n)
    ON CONFLICT (id_empresa_fk, mes, status_lead) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER leads_contagem_mensal_acompanhar AFTER INSERT OR UPDATE OR DELETE ON leads_contagem_diaria
  FOR EACH ROW EXECUTE FUNCTION leads_contagem_mensal_acompanhar();

INSERT INTO leads_contagem_mensal (id_empresa_fk, mes, status_lead, n)
SELECT id_empresa_fk, date_trunc('month', dia)::date, status_lead, sum(n) FROM leads_contagem_diaria GROUP BY 1, 2, 3;

-- 4. /usuarios lists every company's people, newest first
CREATE INDEX usuarios_created_idx ON usuarios_plataforma (created_at DESC, id);
