import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pRetry, { AbortError } from "p-retry";
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

/**
 * How long one migration may wait for a table's lock before it gives up and tries again (decision 1859): an
 * ALTER TABLE queued behind a long transaction would otherwise hold every read and write of that table behind it.
 */
const ESPERA_POR_BLOQUEIO_MS = 5_000;
/** Tries of a migration that gave up waiting for a lock, a little apart, before the start stops with the reason. */
const TENTATIVAS_POR_BLOQUEIO = 6;

type TOpcoes = {
  dir?: string;
  renomeadas?: Record<string, string>;
  corrigidas?: Record<string, readonly string[]>;
  esperaPorBloqueioMs?: number;
  tentativasPorBloqueio?: number;
};

export class MigracaoSemBloqueio extends Error {}

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
      await aplicarComEspera(client, file, sql, opcoes);
      applied.push(versao);
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [TRAVA_MIGRACOES]).catch(() => {});
    client.release();
  }
  return applied;
}

/**
 * One migration in its own transaction with `lock_timeout` (decision 1859): when a lock is not granted in time
 * (SQLSTATE 55P03) the transaction rolls back, the tables it queued on are free again at once, and it is tried again
 * a little later; after the last try the start stops naming the file, in pt-BR.
 */
async function aplicarComEspera(client: pg.PoolClient, file: string, sql: string, opcoes: TOpcoes): Promise<void> {
  const esperaMs = opcoes.esperaPorBloqueioMs ?? ESPERA_POR_BLOQUEIO_MS;
  const tentativas = opcoes.tentativasPorBloqueio ?? TENTATIVAS_POR_BLOQUEIO;
  const versao = file.replace(/\.sql$/, "");
  await pRetry(
    async () => {
      await client.query("BEGIN");
      try {
        await client.query(`SET LOCAL lock_timeout = ${Math.max(1, Math.round(esperaMs))}`);
        await client.query(sql);
        await client.query("INSERT INTO schema_migrations (versao, checksum) VALUES ($1, $2)", [versao, checksumDaMigracao(sql)]);
        await client.query(`REVOKE ALL ON schema_migrations FROM ${APP_ROLE}`);
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        if ((err as { code?: string }).code === "55P03") throw err;
        throw new AbortError(new Error(`Migração ${file} falhou: ${(err as Error).message}`));
      }
    },
    { retries: tentativas - 1, minTimeout: Math.min(esperaMs, 1_000), factor: 2, randomize: true },
  ).catch((err: Error & { code?: string }) => {
    if (err.code !== "55P03") throw err;
    throw new MigracaoSemBloqueio(
      `A migração ${file} esperou ${tentativas} vezes, ${esperaMs >= 1000 ? `${Math.round(esperaMs / 1000)} s` : `${esperaMs} ms`} de cada vez, por uma tabela ` +
        "em uso por outra transação e não foi aplicada. Veja em pg_stat_activity a transação longa que segura a " +
        "tabela, encerre-a ou espere que termine, e inicie de novo.",
    );
  });
}
