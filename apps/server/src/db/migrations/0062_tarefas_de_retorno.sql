-- Decision 1831: follow-up tasks of a lead ('Agendar Retorno', tasks created from the chat). Each belongs to one
-- person of the company (its owner, a consultant or an admin), is due at an instant (São Paulo time on screen), and
-- is reminded once in the bell by a job that sweeps due tasks every minute: the reminder is a row state
-- (lembrada_em), not a timer in memory, so a restart loses none and a job run twice tells nobody twice.
CREATE TABLE tarefas_lead (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  id_lead_fk uuid NOT NULL,
  titulo text NOT NULL CHECK (length(btrim(titulo)) BETWEEN 1 AND 200),
  nota text CHECK (length(nota) <= 2000),
  vence_em timestamptz NOT NULL,
  id_responsavel_fk uuid NOT NULL,
  estado text NOT NULL DEFAULT 'pendente' CHECK (estado IN ('pendente', 'concluida', 'cancelada')),
  criado_por_fk uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  concluida_em timestamptz,
  -- when the owner was told in the bell that it came due (the reminder job's idempotence)
  lembrada_em timestamptz,
  PRIMARY KEY (id_empresa_fk, id),
  FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id) ON DELETE CASCADE,
  FOREIGN KEY (id_empresa_fk, id_responsavel_fk) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE CASCADE,
  FOREIGN KEY (id_empresa_fk, criado_por_fk) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE SET NULL (criado_por_fk),
  CHECK ((estado = 'concluida') = (concluida_em IS NOT NULL))
);
-- 'Meus retornos': one owner's open tasks by due time; the admin's overdue ones of everybody
CREATE INDEX tarefas_responsavel_idx ON tarefas_lead (id_empresa_fk, id_responsavel_fk, vence_em) WHERE estado = 'pendente';
CREATE INDEX tarefas_pendentes_idx ON tarefas_lead (id_empresa_fk, vence_em) WHERE estado = 'pendente';
-- the chat header and the board card: a lead's next open task
CREATE INDEX tarefas_lead_idx ON tarefas_lead (id_empresa_fk, id_lead_fk, vence_em) WHERE estado = 'pendente';
-- the reminder sweep, across companies: open tasks not reminded yet, by due time
CREATE INDEX tarefas_lembrete_idx ON tarefas_lead (vence_em) WHERE estado = 'pendente' AND lembrada_em IS NULL;

ALTER TABLE tarefas_lead ENABLE ROW LEVEL SECURITY;
ALTER TABLE tarefas_lead FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON tarefas_lead
  USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE, DELETE ON tarefas_lead TO crm_app;

-- The change log learns the entities of decisions 1831–1833: tasks, internal notes and company tags (with
-- 'configuracao' of 0061, decision 1821).
ALTER TABLE mudancas DROP CONSTRAINT mudancas_entidade_check;
ALTER TABLE mudancas ADD CONSTRAINT mudancas_entidade_check CHECK (entidade IN ('lead', 'mensagem', 'documento', 'prazo',
  'custo', 'assinatura', 'privacidade', 'configuracao', 'tarefa', 'nota', 'etiqueta')) NOT VALID;
ALTER TABLE mudancas VALIDATE CONSTRAINT mudancas_entidade_check;
