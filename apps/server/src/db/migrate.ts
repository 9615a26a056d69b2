import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import { MIGRACOES_CORRIGIDAS } from "./migration-corrections.js";
import { MIGRACOES_RENOMEADAS } from "./migration-renames.js";
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

const TRAVA_MIGRACOES = 72707001;

/** sha256 of the file as written (line endings normalised: a checkout with CRLF is the same migration). */
export function checksumDaMigracao(sql: string): string {
  return createHash("sha256").update(sql.replace(/\r\n/g, "\n")).digest("hex");
}

export class MigracaoAlterada extends Error {}

type TOpcoes = { dir?: string; renomeadas?: Record<string, string>; corrigidas?: Record<string, readonly string[]> };

/**
 * Applies the pending versioned SQL migrations, each in its own transaction, under an advisory lock so that several
 * instances starting together apply them once. Each applied migration's checksum is stored; a file edited after it
 * was applied stops the start with the reason (decision 1662): what ran in production is never silently different
 * from what the repository says. Versions renamed when the numbering was made linear are carried over first.
 */
export async function migrate(owner: pg.Pool, opcoes: TOpcoes = {}): Promise<string[]> {
  const dir = opcoes.dir ?? MIGRATIONS_DIR;
  const renomeadas = opcoes.renomeadas ?? MIGRACOES_RENOMEADAS;
  const corrigidas = opcoes.corrigidas ?? MIGRACOES_CORRIGIDAS;
  const client = await owner.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1)", [TRAVA_MIGRACOES]);
    await client.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (versao text PRIMARY KEY, aplicada_em timestamptz NOT NULL DEFAULT now())",
    );
    await client.query("ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text");
    const antigas = Object.keys(renomeadas);
    if (antigas.length) {
      await client.query(
        `UPDATE schema_migrations s SET versao = r.nova
           FROM unnest($1::text[], $2::text[]) AS r (antiga, nova)
          WHERE s.versao = r.antiga`,
        [antigas, Object.values(renomeadas)],
      );
    }
    const files = readdirSync(dir)
      .filter((f) => f.endsWith(".sql"))
      .sort();
    const gravadas = new Map<string, string | null>(
      (await client.query("SELECT versao, checksum FROM schema_migrations")).rows.map((r) => [r.versao, r.checksum]),
    );
    const alteradas: string[] = [];
    for (const file of files) {
      const versao = file.replace(/\.sql$/, "");
      if (!gravadas.has(versao)) continue;
      const atual = checksumDaMigracao(readFileSync(path.join(dir, file), "utf8"));
      const gravado = gravadas.get(versao);
      // applied before checksums were kept: the file as it is now is taken as what ran
      // and a listed correction of what ran (migration-corrections.ts) is taken as what ran from now on
      if (gravado == null || (gravado !== atual && corrigidas[versao]?.includes(gravado)))
        await client.query("UPDATE schema_migrations SET checksum = $2 WHERE versao = $1", [versao, atual]);
      else if (gravado !== atual) alteradas.push(file);
    }
    if (alteradas.length) {
      throw new MigracaoAlterada(
        `Migração já aplicada foi alterada depois de aplicada: ${alteradas.join(", ")}. ` +
          "Uma migração aplicada não se edita: desfaça a alteração e escreva uma nova migração com a mudança.",
      );
    }
    for (const file of files) {
      const versao = file.replace(/\.sql$/, "");
      if (gravadas.has(versao)) continue;
      const sql = readFileSync(path.join(dir, file), "utf8");
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query("INSERT INTO schema_migrations (versao, checksum) VALUES ($1, $2)", [versao, checksumDaMigracao(sql)]);
        await client.query(`REVOKE ALL ON schema_migrations FROM ${APP_ROLE}`);
        await client.query("COMMIT");
        applied.push(versao);
      } catch (err) {
        await client.query("ROLLBACK");
        throw new Error(`Migração ${file} falhou: ${(err as Error).message}`);
      }
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [TRAVA_MIGRACOES]).catch(() => {});
    client.release();
  }
  return applied;
}
