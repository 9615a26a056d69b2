import path from "node:path";
import pg from "pg";
import type { TConfig } from "../config/config.js";
import { naConexaoDireta } from "./direct-connection.js";
import { startEmbeddedPostgres, type TEmbeddedDb } from "./embedded.js";
import { withDatabase } from "./pool.js";

const EMBEDDED_DB_NAME = "crm";

/**
 * Gives the owner's database URL: DATABASE_URL (at DATABASE_LISTEN_URL's direct address when there is one: the
 * owner's work — migrations under an advisory lock, backups, restores — needs a session, decision 1901), or the
 * embedded PostgreSQL in DATA_DIR/pg with a `crm` database created on first start.
 */
export async function resolveDatabase(config: TConfig): Promise<{
  url: string;
  stop: () => Promise<void>;
  embedded: boolean;
  /** what an abrupt end of the previous run left behind in the embedded data directory */
  anterior: TEmbeddedDb["anterior"];
}> {
  if (config.databaseUrl)
    return {
      url: naConexaoDireta(config.databaseUrl, config.databaseListenUrl),
      stop: async () => {},
      embedded: false,
      anterior: "nada",
    };
  const pgServer = await startEmbeddedPostgres({
    dir: path.join(config.dataDir, "pg"),
    // the superuser password never leaves this machine; derived from the app secret so restarts reuse it
    password: config.appSecret.slice(0, 32),
  });
  const admin = new pg.Client({ connectionString: pgServer.url });
  try {
    await admin.connect();
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [EMBEDDED_DB_NAME]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${EMBEDDED_DB_NAME}`);
  } catch (err) {
    await pgServer.stop().catch(() => {});
    throw err;
  } finally {
    await admin.end().catch(() => {});
  }
  return {
    url: withDatabase(pgServer.url, EMBEDDED_DB_NAME),
    stop: pgServer.stop,
    embedded: true,
    anterior: pgServer.anterior,
  };
}
