-- Issue 15 part 4 (decision 1503): no lead left waiting.

-- 1. The company's choice to assign to offline consultants during its business hours (America/Sao_Paulo):
--    days of the week (0 = Sunday … 6 = Saturday) and the start and end of the working day.
ALTER TABLE empresas
  ADD COLUMN atribuir_offline_expediente boolean NOT NULL DEFAULT false,
  ADD COLUMN expediente_dias smallint[] NOT NULL DEFAULT '{1,2,3,4,5}'
    CHECK (expediente_dias <@ '{0,1,2,3,4,5,6}'::smallint[]),
  ADD COLUMN expediente_inicio time NOT NULL DEFAULT '08:00',
  ADD COLUMN expediente_fim time NOT NULL DEFAULT '18:00',
  ADD CONSTRAINT empresas_expediente_ordem CHECK (expediente_inicio < expediente_fim);

-- 2. The waiting queue: qualified leads with no consultant, oldest first. Small (it empties as consultants come
--    online), read by every admin screen's sidebar count and by the assignment job.
CREATE INDEX leads_aguardando_atribuicao ON leads_juros_check (id_empresa_fk, created_at, id)
  WHERE consultor_atribuido_id IS NULL AND status_lead IN ('Qualificado para Atendente');
