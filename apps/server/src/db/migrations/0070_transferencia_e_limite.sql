-- Transfer from the chat, carteira and the assignment cap (decisions 1836, 1837).
-- The cap of open conversations per consultant for the automatic assignment: NULL = no cap. A company setting beside
-- the other assignment rule (atribuir_offline_expediente); manual assignment and transfer are never capped.
ALTER TABLE empresas
  ADD COLUMN limite_conversas_abertas integer
    CONSTRAINT empresas_limite_conversas_abertas_positivo CHECK (limite_conversas_abertas BETWEEN 1 AND 10000);
