-- Decision 1923: a company's system records an opt-in or opt-out through /api/v1 (a site form, a call centre). The
-- ledger named who recorded an entry of the company only by its person; an API key is no person, so the key that
-- recorded it is kept beside it, and an entry of the company names one or the other. The proof (LGPD art. 8 §2)
-- stays in the row itself, as for a person; the change log names the same key.
ALTER TABLE consentimentos ADD COLUMN id_chave_api uuid;
-- The old check (origem = 'lead' OR id_usuario_fk IS NOT NULL) implies the new one, so every existing row holds it:
-- it is enforced on every new row from here on and never needs a scan of the ledger under the lock to validate.
ALTER TABLE consentimentos
  ADD CONSTRAINT consentimentos_quem_registrou CHECK (origem = 'lead' OR id_usuario_fk IS NOT NULL OR id_chave_api IS NOT NULL) NOT VALID;
ALTER TABLE consentimentos DROP CONSTRAINT consentimentos_check;
