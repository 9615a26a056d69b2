-- Issue 11, part 5 (decisions 1106, 1107): deadlines (prazos) and tasks of legal processes, the task chains per legal
-- status that create them, and the client notice on a legal status change. Tenant tables by the team's rules: the
-- company in the primary key and every unique index, composite foreign keys, row-level security forced.

-- 1. A process's deadlines and tasks. A process is a lead (in 'Convertido (Ganho)'): deleting the lead deletes them.
--    Days are São Paulo calendar days (date). The owner is a user of the company (Jurídico, legal team or admin).
CREATE TABLE prazos_processo (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  id_lead_fk uuid NOT NULL,
  titulo text NOT NULL CHECK (length(btrim(titulo)) BETWEEN 1 AND 200),
  descricao text CHECK (length(descricao) <= 2000),
  data_fatal date NOT NULL,
  data_seguranca date NOT NULL CHECK (data_seguranca <= data_fatal),
  id_responsavel_fk uuid,
  estado text NOT NULL DEFAULT 'pendente' CHECK (estado IN ('pendente', 'concluido', 'cancelado')),
  -- 'modelo': created by the chain of a legal status (id_modelo_fk names the template task, once per process)
  origem text NOT NULL DEFAULT 'manual' CHECK (origem IN ('manual', 'modelo')),
  id_modelo_fk uuid,
  criado_por_fk uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  concluido_por_fk uuid,
  concluido_em timestamptz,
  -- when the owner was told in the bell that the safety date arrived (the reminder job's idempotence)
  lembrete_seguranca_em timestamptz,
  PRIMARY KEY (id_empresa_fk, id),
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE CASCADE,
  FOREIGN KEY (id_empresa_fk, id_responsavel_fk) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE SET NULL (id_responsavel_fk),
  FOREIGN KEY (id_empresa_fk, criado_por_fk) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE SET NULL (criado_por_fk),
  FOREIGN KEY (id_empresa_fk, concluido_por_fk) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE SET NULL (concluido_por_fk),
  CHECK ((estado = 'concluido') = (concluido_em IS NOT NULL))
);
-- 'Meus prazos': one owner's open deadlines by fatal date
CREATE INDEX prazos_responsavel_idx ON prazos_processo (id_empresa_fk, id_responsavel_fk, estado, data_fatal);
-- the process dialog, and 'processes with no next deadline'
CREATE INDEX prazos_lead_idx ON prazos_processo (id_empresa_fk, id_lead_fk, estado, data_fatal);
-- the reminder job: open deadlines whose safety date came and whose owner was not told yet
CREATE INDEX prazos_lembrete_idx ON prazos_processo (id_empresa_fk, data_seguranca)
  WHERE estado = 'pendente' AND lembrete_seguranca_em IS NULL;

-- 2. The task chains per legal status, editable by the Admin Empresa. Every company starts with the defaults of
--    @crm/domain/deadlines CADEIAS_PADRAO (the same rows: kept in step by deadlines/chains.test.ts).
CREATE TABLE prazos_modelos (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  status_juridico text NOT NULL CHECK (status_juridico IN ('Aguardando Contato Jurídico', 'Em Contato Jurídico',
    'Documentação Solicitada', 'Laudo em Andamento', 'Finalizado Jurídico', 'Jurídico Pendente')),
  titulo text NOT NULL CHECK (length(btrim(titulo)) BETWEEN 1 AND 200),
  dias_uteis int NOT NULL CHECK (dias_uteis BETWEEN 0 AND 365),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id)
);
CREATE INDEX prazos_modelos_status_idx ON prazos_modelos (id_empresa_fk, status_juridico);

-- a chain's task is created once per process: a process that enters the status again gets no second copy
CREATE UNIQUE INDEX prazos_modelo_uma_vez_uq ON prazos_processo (id_empresa_fk, id_lead_fk, id_modelo_fk)
  WHERE id_modelo_fk IS NOT NULL;

CREATE FUNCTION prazos_modelos_padrao(empresa uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO prazos_modelos (id_empresa_fk, status_juridico, titulo, dias_uteis)
  VALUES (empresa, 'Aguardando Contato Jurídico', 'Fazer o primeiro contato com o cliente', 1),
         (empresa, 'Em Contato Jurídico', 'Solicitar os documentos do contrato', 2),
         (empresa, 'Documentação Solicitada', 'Cobrar documentos', 5),
         (empresa, 'Laudo em Andamento', 'Concluir o laudo revisional', 10),
         (empresa, 'Jurídico Pendente', 'Resolver a pendência do processo', 3)
$$;

-- a new company gets the defaults in the transaction that creates it (under the same tenant policy that let it
-- insert the company: the rows are of that company)
CREATE FUNCTION prazos_modelos_da_nova_empresa() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM prazos_modelos_padrao(NEW.id);
  RETURN NEW;
END $$;
CREATE TRIGGER prazos_modelos_padrao AFTER INSERT ON empresas
  FOR EACH ROW EXECUTE FUNCTION prazos_modelos_da_nova_empresa();

-- 3. The client's opt-in for the notice of legal status changes (off by default), and what each notice did.
ALTER TABLE leads_juros_check ADD COLUMN aviso_status_cliente boolean NOT NULL DEFAULT false;

CREATE TABLE avisos_status_cliente (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  id_lead_fk uuid NOT NULL,
  status_juridico text NOT NULL,
  resultado text NOT NULL DEFAULT 'pendente' CHECK (resultado IN ('pendente', 'enfileirado', 'nao_enviado')),
  motivo text NOT NULL DEFAULT '',
  id_mensagem_fk uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id),
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE CASCADE
);
CREATE INDEX avisos_status_cliente_lead_idx ON avisos_status_cliente (id_empresa_fk, id_lead_fk, created_at DESC);

-- 4. Row-level security, as every tenant table; crm_app's rights.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['prazos_processo', 'prazos_modelos', 'avisos_status_cliente'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I USING (id_empresa_fk = app_empresa_id() OR app_cruza_empresas())
      WITH CHECK (id_empresa_fk = app_empresa_id() OR app_cruza_empresas())', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO crm_app', t);
  END LOOP;
END $$;

-- 5. Existing companies get the default chains (as a named system task: RLS is forced).
SELECT set_config('app.papel', 'sistema', true);
SELECT prazos_modelos_padrao(id) FROM empresas;
SELECT set_config('app.papel', '', true);
