-- Team (issue 5): invitations may also add company admins, whose number the plan limits (001 §9);
-- one pending invitation per person and company (a new invite replaces the old one).
ALTER TABLE convites DROP CONSTRAINT convites_papel_check;
ALTER TABLE convites ADD CONSTRAINT convites_papel_check CHECK (papel IN ('Consultor', 'Admin Empresa', 'Jurídico'));

CREATE UNIQUE INDEX convites_pendente_email_uq ON convites (id_empresa_fk, email) WHERE used_at IS NULL;

-- both team lists are ordered by name
CREATE INDEX profissionais_juridicos_nome_idx ON profissionais_juridicos (id_empresa_fk, nome);
CREATE INDEX consultores_nome_idx ON consultores (id_empresa_fk, nome);
