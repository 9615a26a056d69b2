import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import type {} from "../../test/global-setup.js";
import { checksumDaMigracao, MIGRATIONS_DIR, MigracaoAlterada, MigracaoSemBloqueio, migrate } from "./migrate.js";
import { MIGRACOES_CORRIGIDAS } from "./migration-corrections.js";
import { MIGRACOES_RENOMEADAS } from "./migration-renames.js";
import { withDatabase } from "./pool.js";

// The runner against an empty database of its own and a folder of small migrations (decision 1662).
const nome = `crm_migrar_${randomBytes(5).toString("hex")}`;
let pool: pg.Pool;
let dir: string;

const escrever = (arquivo: string, sql: string) => writeFileSync(path.join(dir, arquivo), sql);
const versoes = async () =>
  (await pool.query("SELECT versao, checksum FROM schema_migrations ORDER BY versao")).rows as {
    versao: string;
    checksum: string | null;
  }[];

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${nome}`);
  await admin.end();
  pool = new pg.Pool({ connectionString: withDatabase(inject("pgAdminUrl"), nome), max: 4 });
});
afterAll(async () => {
  await pool.end();
  const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
  await admin.end();
});
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "crm-migracoes-"));
  await pool.query("DROP TABLE IF EXISTS schema_migrations, a, b, c");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the migration runner", () => {
  it("applies pending files in order once and stores each one's checksum", async () => {
    escrever("0001_a.sql", "CREATE TABLE a (id int)");
    escrever("0002_b.sql", "CREATE TABLE b (id int)");
    expect(await migrate(pool, { dir, renomeadas: {} })).toEqual(["0001_a", "0002_b"]);
    expect(await migrate(pool, { dir, renomeadas: {} })).toEqual([]);
    expect(await versoes()).toEqual([
      { versao: "0001_a", checksum: checksumDaMigracao("CREATE TABLE a (id int)") },
      { versao: "0002_b", checksum: checksumDaMigracao("CREATE TABLE b (id int)") },
    ]);
  });

  it("stops the start, in Portuguese and naming the file, when an applied migration was edited", async () => {
    escrever("0001_a.sql", "CREATE TABLE a (id int)");
    await migrate(pool, { dir, renomeadas: {} });
    escrever("0001_a.sql", "CREATE TABLE a (id int, nome text)");
    escrever("0002_b.sql", "CREATE TABLE b (id int)");
    const falha = await migrate(pool, { dir, renomeadas: {} }).catch((e: unknown) => e);
    expect(falha).toBeInstanceOf(MigracaoAlterada);
    expect((falha as Error).message).toMatch(/^Migração já aplicada foi alterada depois de aplicada: 0001_a\.sql\./);
    // nothing after it ran
    expect((await versoes()).map((v) => v.versao)).toEqual(["0001_a"]);
    // line endings alone are not an edit
    escrever("0001_a.sql", "CREATE TABLE a (id int)".replace(/\n/g, "\r\n"));
    expect(await migrate(pool, { dir, renomeadas: {} })).toEqual(["0002_b"]);
  });

  it("takes a listed correction of an applied file as what ran, and still stops on any other edit", async () => {
    const antes = "CREATE TABLE a (id int)";
    escrever("0001_a.sql", antes);
    await migrate(pool, { dir, renomeadas: {} });
    const corrigido = "CREATE TABLE IF NOT EXISTS a (id int)";
    escrever("0001_a.sql", corrigido);
    const corrigidas = { "0001_a": [checksumDaMigracao(antes)] };
    expect(await migrate(pool, { dir, renomeadas: {}, corrigidas })).toEqual([]);
    expect(await versoes()).toEqual([{ versao: "0001_a", checksum: checksumDaMigracao(corrigido) }]);
    escrever("0001_a.sql", "CREATE TABLE IF NOT EXISTS a (id int, nome text)");
    expect(await migrate(pool, { dir, renomeadas: {}, corrigidas }).catch((e: unknown) => e)).toBeInstanceOf(MigracaoAlterada);
  });

  it("takes the file as it is for versions applied before checksums were kept", async () => {
    await pool.query("CREATE TABLE schema_migrations (versao text PRIMARY KEY, aplicada_em timestamptz NOT NULL DEFAULT now())");
    await pool.query("CREATE TABLE a (id int)");
    await pool.query("INSERT INTO schema_migrations (versao) VALUES ('0001_a')");
    escrever("0001_a.sql", "CREATE TABLE a (id int)");
    expect(await migrate(pool, { dir, renomeadas: {} })).toEqual([]);
    expect(await versoes()).toEqual([{ versao: "0001_a", checksum: checksumDaMigracao("CREATE TABLE a (id int)") }]);
  });

  it("carries a renamed version over instead of applying its file again", async () => {
    escrever("0001_a.sql", "CREATE TABLE a (id int)");
    escrever("0001b_b.sql", "CREATE TABLE b (id int)");
    await migrate(pool, { dir, renomeadas: {} });
    rmSync(path.join(dir, "0001b_b.sql"));
    escrever("0002_b.sql", "CREATE TABLE b (id int)");
    escrever("0003_c.sql", "CREATE TABLE c (id int)");
    expect(await migrate(pool, { dir, renomeadas: { "0001b_b": "0002_b" } })).toEqual(["0003_c"]);
    expect((await versoes()).map((v) => v.versao)).toEqual(["0001_a", "0002_b", "0003_c"]);
  });

  it("applies each migration once when several instances start together", async () => {
    // a second CREATE TABLE of the same name would fail the run that did it
    escrever("0001_a.sql", "CREATE TABLE a (id int); SELECT pg_sleep(0.2)");
    escrever("0002_b.sql", "CREATE TABLE b (id int)");
    const corridas = await Promise.all([1, 2, 3].map(() => migrate(pool, { dir, renomeadas: {} })));
    expect(corridas.flat().sort()).toEqual(["0001_a", "0002_b"]);
    expect(await versoes()).toHaveLength(2);
  });
});

describe("a migration behind a long transaction (decision 1859)", () => {
  /** A transaction that read table a and stays open: an ALTER TABLE a must wait for it to end. */
  async function segurarTabela() {
    const c = await pool.connect();
    await c.query("BEGIN");
    await c.query("SELECT count(*) FROM a");
    return c;
  }
  /** Resolves once some statement of this database waits for a lock. */
  async function alguemEsperaBloqueio() {
    for (;;) {
      const { rows } = await pool.query(
        "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      if (rows.length) return;
      await new Promise((ok) => setTimeout(ok, 20));
    }
  }

  it("gives up its lock wait in time, so readers of the table pass, and applies once the table is free", async () => {
    escrever("0001_a.sql", "CREATE TABLE a (id int)");
    await migrate(pool, { dir, renomeadas: {} });
    escrever("0002_b.sql", "ALTER TABLE a ADD COLUMN x int");
    const longa = await segurarTabela();
    try {
      const migrando = migrate(pool, { dir, renomeadas: {}, esperaPorBloqueioMs: 200, tentativasPorBloqueio: 50 });
      await alguemEsperaBloqueio();
      // without lock_timeout this read would queue behind the ALTER until the long transaction ends: it never would
      await pool.query("SELECT count(*) FROM a");
      await longa.query("COMMIT");
      expect(await migrando).toEqual(["0002_b"]);
    } finally {
      longa.release();
    }
    const colunas = await pool.query("SELECT column_name FROM information_schema.columns WHERE table_name = 'a'");
    expect(colunas.rows.map((r) => r.column_name).sort()).toEqual(["id", "x"]);
  });

  it("stops the start in pt-BR naming the file when the table never comes free, applying nothing", async () => {
    escrever("0001_a.sql", "CREATE TABLE a (id int)");
    await migrate(pool, { dir, renomeadas: {} });
    escrever("0002_b.sql", "ALTER TABLE a ADD COLUMN x int");
    const longa = await segurarTabela();
    try {
      const falha = await migrate(pool, { dir, renomeadas: {}, esperaPorBloqueioMs: 100, tentativasPorBloqueio: 2 }).catch(
        (e: unknown) => e,
      );
      expect(falha).toBeInstanceOf(MigracaoSemBloqueio);
      expect((falha as Error).message).toMatch(/^A migração 0002_b\.sql esperou 2 vezes, 100 ms de cada vez/);
    } finally {
      await longa.query("COMMIT");
      longa.release();
    }
    expect((await versoes()).map((v) => v.versao)).toEqual(["0001_a"]);
  });
});

describe("the repository's migrations", () => {
  it("list as corrections only earlier texts of files that exist (decision 1852)", () => {
    for (const [versao, anteriores] of Object.entries(MIGRACOES_CORRIGIDAS)) {
      const atual = checksumDaMigracao(readFileSync(path.join(MIGRATIONS_DIR, `${versao}.sql`), "utf8"));
      expect(anteriores, versao).not.toContain(atual);
    }
  });

  it("name in the renames only files that exist, under their new name", () => {
    const versoesNoDisco = new Set(readdirSync(MIGRATIONS_DIR).map((f) => f.replace(/\.sql$/, "")));
    for (const [antiga, nova] of Object.entries(MIGRACOES_RENOMEADAS)) {
      expect(versoesNoDisco.has(nova), nova).toBe(true);
      expect(versoesNoDisco.has(antiga), antiga).toBe(false);
    }
  });

  it("are numbered linearly: the n-th file is version n, with no letter suffixes", () => {
    const arquivos = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith(".sql"))
      .sort();
    arquivos.forEach((arquivo, i) => {
      expect(arquivo, arquivo).toMatch(new RegExp(`^${String(i + 1).padStart(4, "0")}_[a-z0-9_]+\\.sql$`));
    });
  });
});
