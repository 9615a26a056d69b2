import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import { APP_ROLE } from "./pool.js";

const here = path.dirname(fileURLToPath(import.meta.url));
/** Migrations ship as SQL files; the bundled server finds them beside itself. */
export const MIGRATIONS_DIR = [path.join(here, "migrations"), path.join(here, "db", "migrations")].find((d) => {
  try {
    return readdirSync(d).some((f) => f.endsWith(".sql"));
  } catch {
    return false;
  }
}) as string;

/**
 * Applies the pending versioned SQL migrations, each in its own transaction,
 * under an advisory lock so that several instances starting together apply them once.
 */
export async function migrate(owner: pg.Pool): Promise<string[]> {
  const client = await owner.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock(72707001)");
    await client.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (versao text PRIMARY KEY, aplicada_em timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set((await client.query("SELECT versao FROM schema_migrations")).rows.map((r) => r.versao));
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith(".sql"))
      .sort();
    for (const file of files) {
      const versao = file.replace(/\.sql$/, "");
      if (done.has(versao)) continue;
      const sql = readFileSync(path.join(MIGRATIONS_DIR, file), "utf8");
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query("INSERT INTO schema_migrations (versao) VALUES ($1)", [versao]);
        await client.query(`REVOKE ALL ON schema_migrations FROM ${APP_ROLE}`);
        await client.query("COMMIT");
        applied.push(versao);
      } catch (err) {
        await client.query("ROLLBACK");
        throw new Error(`Migração ${file} falhou: ${(err as Error).message}`);
      }
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock(72707001)").catch(() => {});
    client.release();
  }
  return applied;
}
