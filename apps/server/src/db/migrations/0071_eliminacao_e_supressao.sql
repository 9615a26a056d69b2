-- Erasure that holds (decisions 1861–1864): a titular's erasure request answered by one action, with legal holds and
-- a suppression list.

-- Decision 1861: the erased lead stays as an anonymous unit (no name, phone, e-mail, notes, AI data) so every summary
-- and dashboard keeps counting it; `eliminado_em` marks it. Decision 1862: what a legal hold keeps (a process, a tax
-- record) is marked with its reason and blocked from any other use (the send guard refuses it).
ALTER TABLE leads_juros_check
  ADD COLUMN eliminado_em timestamptz,
  ADD COLUMN retido_em timestamptz,
  ADD COLUMN retencao_motivo text CONSTRAINT leads_retencao_motivo_check CHECK (length(retencao_motivo) <= 1000);

-- The answer to an erasure request: 'parcialmente_atendida' when something was held (art. 18 §4 asks the reasons);
-- `eliminacao` keeps what was erased, what was held and why, and when the backups expire (decision 1864).
ALTER TABLE privacidade_pedidos DROP CONSTRAINT privacidade_pedidos_status_check;
ALTER TABLE privacidade_pedidos ADD CONSTRAINT privacidade_pedidos_status_check CHECK (status IN ('aguardando_verificacao',
  'aguardando_documento', 'aguardando_aprovacao', 'em_andamento', 'atendida', 'parcialmente_atendida', 'recusada')) NOT VALID;
ALTER TABLE privacidade_pedidos VALIDATE CONSTRAINT privacidade_pedidos_status_check;
ALTER TABLE privacidade_pedidos DROP CONSTRAINT privacidade_pedidos_check;
ALTER TABLE privacidade_pedidos ADD CONSTRAINT privacidade_pedidos_check
  CHECK ((status IN ('atendida', 'parcialmente_atendida', 'recusada')) = (encerrado_em IS NOT NULL)) NOT VALID;
ALTER TABLE privacidade_pedidos VALIDATE CONSTRAINT privacidade_pedidos_check;
ALTER TABLE privacidade_pedidos ADD COLUMN eliminacao jsonb;

-- Decision 1863: the suppression list. A keyed hash (HMAC-SHA-256 with a key derived from APP_SECRET) of an erased
-- titular's phone or CPF, never the value: imports, the API and the manual form refuse them; a message the person
-- writes of their own accord lifts the phone's entry (and records new consent).
CREATE TABLE supressoes (
  id_empresa_fk uuid NOT NULL REFERENCES empresas (id) ON DELETE CASCADE,
  tipo text NOT NULL CHECK (tipo IN ('telefone', 'cpf')),
  hash bytea NOT NULL CHECK (length(hash) = 32),
  id_pedido_fk uuid,
  criado_em timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_empresa_fk, tipo, hash),
  FOREIGN KEY (id_empresa_fk, id_pedido_fk) REFERENCES privacidade_pedidos (id_empresa_fk, id) ON DELETE SET NULL (id_pedido_fk)
);
ALTER TABLE supressoes ENABLE ROW LEVEL SECURITY;
ALTER TABLE supressoes FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON supressoes USING (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()))
  WITH CHECK (id_empresa_fk = (SELECT app_empresa_id()) OR (SELECT app_cruza_empresas()));
GRANT SELECT, INSERT, DELETE ON supressoes TO crm_app;

-- an erased lead's former phones (the phone-identity migration's record) go with it
GRANT DELETE ON leads_telefones_migrados TO crm_app;
