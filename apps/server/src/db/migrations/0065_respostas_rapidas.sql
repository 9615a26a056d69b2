-- Decision 1838: quick replies of the chat's composer ('/'). A company's (id_usuario_fk NULL, managed by its admin)
-- or one person's own (seen and managed by that person only: the policy below, not just the queries, hides them from
-- the rest of the company). The shortcut is lowercase letters, digits, '-' and '_' in the C collation, so the unique
-- index below also answers the '/' list's prefix search (`atalho >= q AND atalho < q || '~'`) for both scopes with
-- two index ranges.
CREATE TABLE respostas_rapidas (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  id_usuario_fk uuid,
  atalho text COLLATE "C" NOT NULL CHECK (atalho ~ '^[a-z0-9_-]{1,30}$'),
  titulo text NOT NULL CHECK (length(btrim(titulo)) BETWEEN 1 AND 80),
  conteudo text NOT NULL CHECK (length(btrim(conteudo)) BETWEEN 1 AND 4096),
  -- optional media sent with the text (decision 1839): a private file in storage, checked by content on upload
  midia_chave text,
  midia_nome text,
  midia_mime text,
  midia_tipo text CHECK (midia_tipo IN ('image', 'document')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, id),
  FOREIGN KEY (id_empresa_fk, id_usuario_fk) REFERENCES usuarios_plataforma (id_empresa_fk, id) ON DELETE CASCADE,
  CHECK ((midia_chave IS NULL) = (midia_tipo IS NULL) AND (midia_chave IS NULL) = (midia_nome IS NULL))
);
CREATE UNIQUE INDEX respostas_rapidas_atalho_uq ON respostas_rapidas (id_empresa_fk, id_usuario_fk, atalho) NULLS NOT DISTINCT;

ALTER TABLE respostas_rapidas ENABLE ROW LEVEL SECURITY;
ALTER TABLE respostas_rapidas FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON respostas_rapidas
  USING ((id_empresa_fk = (SELECT app_empresa_id()) AND (id_usuario_fk IS NULL OR id_usuario_fk = (SELECT app_usuario_id())))
    OR (SELECT app_cruza_empresas()))
  WITH CHECK ((id_empresa_fk = (SELECT app_empresa_id()) AND (id_usuario_fk IS NULL OR id_usuario_fk = (SELECT app_usuario_id())))
    OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, UPDATE, DELETE ON respostas_rapidas TO crm_app;

-- The six built-in templates become every company's first quick replies, as they read today ({{nome}} there is the
-- first name: {{primeiro_nome}} here). New companies get them from quick-replies/defaults.ts, which reads the domain.
INSERT INTO respostas_rapidas (id_empresa_fk, atalho, titulo, conteudo)
SELECT e.id, p.atalho, p.titulo, p.conteudo
  FROM empresas e CROSS JOIN (VALUES
  ('boas_vindas', 'Boas-vindas', 'Olá, {{primeiro_nome}}! Aqui é {{consultor}}, da {{empresa}}. Recebi seu contato sobre a revisão do seu financiamento e vou te ajudar a verificar se os juros cobrados estão acima do permitido. Podemos conversar agora?'),
  ('dados_do_contrato', 'Dados do contrato', '{{primeiro_nome}}, para analisar seu caso preciso de algumas informações: qual é o tipo do financiamento (carro, moto, casa ou crédito pessoal), o banco, o valor da parcela e quantas parcelas você já pagou?'),
  ('agendar_conversa', 'Agendar conversa', '{{primeiro_nome}}, que tal marcarmos uma ligação rápida de 15 minutos para eu explicar como funciona a revisão? Me diga o melhor dia e horário para você.'),
  ('documentos_necessarios', 'Documentos necessários', '{{primeiro_nome}}, para prepararmos a análise, envie por aqui: 1) cópia do contrato de financiamento; 2) os 3 últimos comprovantes de pagamento; 3) documento de identidade com foto. Pode mandar foto ou PDF.'),
  ('retomar_contato', 'Retomar contato', 'Oi, {{primeiro_nome}}! Passando para saber se você ainda tem interesse em revisar os juros do seu contrato. Sua análise está reservada e posso continuar de onde paramos.'),
  ('encerramento', 'Encerramento', '{{primeiro_nome}}, obrigado pela conversa! Qualquer dúvida sobre o seu contrato, é só chamar aqui. Um abraço, {{consultor}} - {{empresa}}.')
  ) AS p (atalho, titulo, conteudo);

-- The change log learns quick replies (entity 'resposta', one word as the kinds' check asks: created, edited, deleted
-- by a person). The check is extended, not restated, so the entities other migrations added before this one stay.
DO $$
DECLARE lista text;
BEGIN
  SELECT string_agg(quote_literal(v), ', ') INTO lista FROM (
    SELECT unnest(regexp_matches(pg_get_constraintdef(oid), '''([a-z_]+)''', 'g')) AS v
      FROM pg_constraint WHERE conname = 'mudancas_entidade_check' AND conrelid = 'mudancas'::regclass
    UNION SELECT 'resposta' ORDER BY 1) t;
  ALTER TABLE mudancas DROP CONSTRAINT mudancas_entidade_check;
  EXECUTE format('ALTER TABLE mudancas ADD CONSTRAINT mudancas_entidade_check CHECK (entidade IN (%s)) NOT VALID', lista);
END $$;
ALTER TABLE mudancas VALIDATE CONSTRAINT mudancas_entidade_check;
