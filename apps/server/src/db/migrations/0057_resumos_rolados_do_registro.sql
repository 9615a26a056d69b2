-- Decision 1772: the summaries that need not be exact in the writer's transaction are rolled up from the change log
-- by a job (derived/rollup-job.ts), each from its registry entry (derived/rollup.ts), and read exactly by adding the
-- log's rows not yet rolled up. Their triggers go: a lead's or a cost's write pays only for the summaries a list shows
-- beside its rows (leads_contagem_diaria, processos_resumo, processos_sinais, processos_contagens) and for those not
-- moved yet (empresas_resumo and empresas_resumo_mensal, whose accounts have no log kind; triagens_resumo_diaria;
-- processos_resumo_mensal, from the legal-status history).
--
-- Rolled up from now on: leads_contagem_mensal; financas_leads_diaria, _dia, _mensal, _dia_origem, _dia_consultor;
-- financas_campanha_dia, _diaria, _mensal; campanhas_leads_diaria, _mensal; financas_recuperavel_diaria, _dia,
-- _mensal, _dia_origem, _dia_consultor, _campanha_dia; custos_marketing_diaria, _dia, _mensal; custos_campanhas_mensal.

-- 1. The roll-up starts where the triggers stop: every log row written so far was already counted by them. A writer
--    that commits across this migration (a rolling restart) may be counted twice or not at all:
--    `npm run db:rebuild-summaries` after the upgrade repairs it (decision 1772).
INSERT INTO mudancas_leitores (leitor, ate, ate_id)
SELECT 'resumos', m.transacao, m.id FROM mudancas m ORDER BY m.transacao DESC, m.id DESC LIMIT 1
ON CONFLICT (leitor) DO UPDATE SET ate = EXCLUDED.ate, ate_id = EXCLUDED.ate_id;

-- 2. A lead's UPDATE: the one statement trigger (decision 1731) keeps only the synchronous summaries. It returns at
--    once when no column they read moved.
CREATE OR REPLACE FUNCTION leads_resumos_apos_mudar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM novos n JOIN velhos o ON o.id = n.id
     WHERE (o.id_empresa_fk, o.status_lead, o.status_juridico_lead, o.created_at, o.valor_contrato_fechado, o.convertido_em)
           IS DISTINCT FROM
           (n.id_empresa_fk, n.status_lead, n.status_juridico_lead, n.created_at, n.valor_contrato_fechado, n.convertido_em)) THEN
    RETURN NULL;
  END IF;

  -- 1. the platform's company figures (0029)
  PERFORM empresas_resumo_aplicar_leads(coalesce(jsonb_agg(jsonb_build_object('e', e, 'm', m, 'n', n, 'q', q, 'c', c)), '[]'))
     FROM (SELECT e, m, sum(n) AS n, sum(q) AS q, sum(c) AS c FROM (
             SELECT id_empresa_fk AS e, date_trunc('month', leads_dia_sp(created_at))::date AS m, 1 AS n,
                    crm_status_qualificado(status_lead) AS q, crm_status_convertido(status_lead) AS c FROM novos
             UNION ALL
             SELECT id_empresa_fk, date_trunc('month', leads_dia_sp(created_at))::date, -1,
                    -crm_status_qualificado(status_lead), -crm_status_convertido(status_lead) FROM velhos) v
            GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(q) <> 0 OR sum(c) <> 0) g;

  -- 2. /leads counters and the dashboard (0010, 0304)
  INSERT INTO leads_contagem_diaria AS c (id_empresa_fk, dia, status_lead, n)
  SELECT e, d, s, sum(n) FROM (
      SELECT id_empresa_fk AS e, leads_dia_sp(created_at) AS d, status_lead AS s, 1 AS n FROM novos
      UNION ALL SELECT id_empresa_fk, leads_dia_sp(created_at), status_lead, -1 FROM velhos) v
   GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (id_empresa_fk, dia, status_lead) DO UPDATE SET n = c.n + EXCLUDED.n;
  -- 3. legal processes (0027): the per-status and per-month figures, then each process's signals in lead order
  PERFORM processos_resumo_aplicar(coalesce(jsonb_agg(jsonb_build_object('e', e, 's', s, 'n', n, 'v', v, 'm', m)), '[]'))
     FROM (SELECT e, s, m, sum(n) AS n, sum(v) AS v FROM (
             SELECT id_empresa_fk AS e, coalesce(status_juridico_lead, 'Aguardando Contato Jurídico') AS s,
                    processos_mes_sp(convertido_em) AS m, 1 AS n, coalesce(valor_contrato_fechado, 0) AS v
               FROM novos WHERE status_lead = 'Convertido (Ganho)'
             UNION ALL
             SELECT id_empresa_fk, coalesce(status_juridico_lead, 'Aguardando Contato Jurídico'), processos_mes_sp(convertido_em),
                    -1, -coalesce(valor_contrato_fechado, 0)
               FROM velhos WHERE status_lead = 'Convertido (Ganho)') x
            GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(v) <> 0) g;
  PERFORM processos_sinais_acompanhar(n.id_empresa_fk, n.id, o.id_empresa_fk, o.status_lead, n.status_lead, n.status_juridico_lead,
                                      n.convertido_em)
     FROM novos n JOIN velhos o ON o.id = n.id
    WHERE (o.status_lead = 'Convertido (Ganho)' OR n.status_lead = 'Convertido (Ganho)')
      AND (o.status_lead, o.status_juridico_lead, o.convertido_em, o.id_empresa_fk)
          IS DISTINCT FROM (n.status_lead, n.status_juridico_lead, n.convertido_em, n.id_empresa_fk)
    ORDER BY n.id_empresa_fk, n.id;
  RETURN NULL;
END $$;
DROP FUNCTION leads_recuperavel_contribuicoes(leads_juros_check[], leads_juros_check[]);

-- 3. A lead's INSERT and DELETE: the rolled-up summaries' statement triggers
DROP TRIGGER financas_inserir ON leads_juros_check;
DROP TRIGGER financas_excluir ON leads_juros_check;
DROP FUNCTION financas_apos_inserir();
DROP FUNCTION financas_apos_excluir();
DROP TRIGGER financas_recuperavel_inserir ON leads_juros_check;
DROP TRIGGER financas_recuperavel_excluir ON leads_juros_check;
DROP FUNCTION financas_recuperavel_somar();
DROP TRIGGER campanhas_inserir ON leads_juros_check;
DROP TRIGGER campanhas_excluir ON leads_juros_check;
DROP FUNCTION campanhas_apos_inserir();
DROP FUNCTION campanhas_apos_excluir();
DROP TRIGGER financas_campanha_inserir ON leads_juros_check;
DROP TRIGGER financas_campanha_excluir ON leads_juros_check;
DROP FUNCTION financas_campanha_somar();

-- 4. The day → month propagations (0053): each rolled-up summary now comes from the log itself
DROP TRIGGER leads_contagem_mensal_inserir ON leads_contagem_diaria;
DROP TRIGGER leads_contagem_mensal_mudar ON leads_contagem_diaria;
DROP TRIGGER leads_contagem_mensal_excluir ON leads_contagem_diaria;
DROP FUNCTION leads_contagem_mensal_comando();
DROP TRIGGER financas_propagar_inserir ON financas_leads_diaria;
DROP TRIGGER financas_propagar_mudar ON financas_leads_diaria;
DROP FUNCTION financas_propagar_comando();
DROP TRIGGER financas_recuperavel_propagar_inserir ON financas_recuperavel_diaria;
DROP TRIGGER financas_recuperavel_propagar_mudar ON financas_recuperavel_diaria;
DROP TRIGGER financas_recuperavel_mensal_propagar_inserir ON financas_recuperavel_dia;
DROP TRIGGER financas_recuperavel_mensal_propagar_mudar ON financas_recuperavel_dia;
DROP FUNCTION financas_recuperavel_propagar_comando();

-- 5. Marketing costs: every summary of a cost is rolled up
DROP TRIGGER custos_diaria_inserir ON custos_marketing;
DROP TRIGGER custos_diaria_excluir ON custos_marketing;
DROP TRIGGER custos_diaria_alterar ON custos_marketing;
DROP FUNCTION custos_diaria_apos();
DROP TRIGGER custos_campanhas_inserir ON custos_marketing;
DROP TRIGGER custos_campanhas_excluir ON custos_marketing;
DROP TRIGGER custos_campanhas_alterar ON custos_marketing;
DROP FUNCTION custos_campanhas_apos();
DROP TRIGGER custos_dia_mes_inserir ON custos_marketing;
DROP TRIGGER custos_dia_mes_excluir ON custos_marketing;
DROP TRIGGER custos_dia_mes_alterar ON custos_marketing;
DROP FUNCTION custos_dia_mes_apos();
