-- Decision 1856: instances that keep files on their local disk (STORAGE_DRIVER=local) with an external database. Each
-- running instance has a row naming its data folder's identity (a random id kept in DATA_DIR/storage, the same for
-- every instance that mounts one shared folder), renewed every few seconds; an instance whose folder differs from a
-- live row's refuses to start: a file written on one disk would be missing on the other (an import taken over by
-- the second instance read 0 rows). No company's data: a global table, read and written by the start-up's check only.
CREATE TABLE instancias_armazenamento_local (
  instancia uuid PRIMARY KEY,
  pasta uuid NOT NULL,
  maquina text NOT NULL,
  caminho text NOT NULL,
  visto_em timestamptz NOT NULL DEFAULT now()
);
GRANT SELECT, INSERT, UPDATE, DELETE ON instancias_armazenamento_local TO crm_app;
