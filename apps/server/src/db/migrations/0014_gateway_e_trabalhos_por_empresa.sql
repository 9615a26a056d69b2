-- Issue 16, parts 2 and 4 (decisions 0407-0409): nothing lost from the WhatsApp gateway, and company jobs under
-- their company's tenant context.

-- 1. What the gateway said of the key saved in the settings (whatsapp/gateway-key.ts): 'instancia' when it is the
--    instance's own token (then a delivery's apikey must equal it), 'global' for the gateway's global key (never
--    compared). Kept with a SHA-256 of the key it was learned for: another saved key is unknown until asked again.
ALTER TABLE whatsapp_sessions
  ADD COLUMN gateway_chave_sha256 text,
  ADD COLUMN gateway_chave_tipo text CHECK (gateway_chave_tipo IN ('instancia', 'global')),
  -- 2. Up to when the gateway's history was read back and stored (whatsapp/backfill.ts): the next reading starts
  --    there, less an overlap. Null: never read yet.
  ADD COLUMN gateway_recuperado_ate timestamptz;
