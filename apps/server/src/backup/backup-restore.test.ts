import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import pg from "pg";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase } from "../../test/db.js";
import { createDb, withDatabase } from "../db/pool.js";
import { seedDemoIfEmpty } from "../seed/demo.js";
import { criarArmazenamentoLocal, type TArmazenamento } from "../storage/storage.js";
import { tabelasDoBackup } from "./catalog.js";
import { fazerBackup } from "./dump.js";
import { restaurarBackup } from "./restore.js";

let origemUrl: string;
let dropOrigem: () => Promise<void>;
let pasta: string;
let arquivoBackup: string;
const destinos: string[] = [];
const armazenamentoOrigem = () => criarArmazenamentoLocal(path.join(pasta, "origem"));

/** An empty database of the test cluster, as `npm run restore` expects (dropped at the end). */
async function bancoVazio(): Promise<string> {
  const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
  await admin.connect();
  const nome = `crm_restauro_${randomBytes(5).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${nome}`);
  await admin.end();
  destinos.push(nome);
  return withDatabase(inject("pgAdminUrl"), nome);
}

async function consultar<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql)).rows;
  } finally {
    await c.end();
  }
}

/** Every table's row count, counted here (not by the restore): the round trip's evidence. */
async function contagens(url: string): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r: Record<string, number> = {};
    for (const t of await tabelasDoBackup(c))
      r[`${t.schema}.${t.nome}`] = (await c.query(`SELECT count(*)::int AS n FROM "${t.schema}"."${t.nome}"`)).rows[0].n;
    return r;
  } finally {
    await c.end();
  }
}

async function somasDosArquivos(a: TArmazenamento): Promise<Record<string, string>> {
  const r: Record<string, string> = {};
  for await (const chave of a.listar())
    r[chave] = createHash("sha256")
      .update(await a.ler(chave))
      .digest("hex");
  return r;
}

beforeAll(async () => {
  const t = await createTestDatabase();
  origemUrl = t.url;
  dropOrigem = t.drop;
  pasta = await mkdtemp(path.join(tmpdir(), "crm-backup-"));
  const db = createDb(t.url);
  await seedDemoIfEmpty({ db, storage: armazenamentoOrigem() }, { info: () => {} });
  await db.close();
  const c = new pg.Client({ connectionString: t.url });
  await c.connect();
  // a queue with a waiting job (its partition is pg-boss's), and change-log ids from a cluster further ahead than
  // the one restored into: the restore must keep them readable and in order
  await c.query(`SELECT pgboss.create_queue('teste-backup', '{"retryLimit": 1}'::json)`);
  await c.query(`INSERT INTO pgboss.job (name, data) VALUES ('teste-backup', '{"x": 1}')`);
  await c.query(
    `UPDATE mudancas SET transacao = (pg_current_xact_id()::text::bigint + 5000000 + (id % 7))::text::xid8;
     INSERT INTO mudancas_leitores (leitor, ate, ate_id)
       SELECT 'teste-backup', transacao, id FROM mudancas ORDER BY transacao, id OFFSET 3 LIMIT 1`,
  );
  await c.end();
  arquivoBackup = path.join(pasta, "backup.tar.gz");
});

afterAll(async () => {
  await dropOrigem?.();
  const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
  await admin.connect();
  for (const nome of destinos) await admin.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
  await admin.end();
  await rm(pasta, { recursive: true, force: true });
});

// a seeded installation is dumped and restored several times: bounds for a loaded 2-core machine, not assertions
describe("npm run backup / npm run restore", () => {
  it("restores a seeded installation: every table's row count and every file's checksum as they were", async () => {
    const feito = await fazerBackup({
      url: origemUrl,
      armazenamento: armazenamentoOrigem(),
      destino: arquivoBackup,
      versaoApp: "teste",
    });
    const antes = await contagens(origemUrl);
    const arquivosAntes = await somasDosArquivos(armazenamentoOrigem());
    expect(Object.keys(arquivosAntes).length).toBeGreaterThan(0);
    expect(antes["public.leads_juros_check"]).toBeGreaterThan(100);
    expect(antes["pgboss.job"]).toBe(1);
    // the manifest holds the counts of the snapshot the rows were read in
    expect(Object.fromEntries(feito.manifesto.tabelas.map((t) => [t.tabela, t.linhas]))).toEqual(antes);

    const destinoUrl = await bancoVazio();
    const armazenamentoDestino = criarArmazenamentoLocal(path.join(pasta, "destino"));
    const r = await restaurarBackup({
      url: destinoUrl,
      armazenamento: armazenamentoDestino,
      origem: arquivoBackup,
      forcar: false,
    });

    expect(await contagens(destinoUrl)).toEqual(antes);
    expect(await somasDosArquivos(armazenamentoDestino)).toEqual(arquivosAntes);
    expect(r.tabelas.every((t) => t.esperadas === t.encontradas)).toBe(true);
    expect(r.arquivos).toBe(Object.keys(arquivosAntes).length);
    // a restored sequence goes on after the restored rows
    const [seq] = await consultar<{ ok: boolean }>(
      destinoUrl,
      "SELECT nextval('auditoria_id_seq') > (SELECT coalesce(max(id), 0) FROM auditoria) AS ok",
    );
    expect(seq?.ok).toBe(true);
    // the change log: in the same order as before, all below this cluster's transactions, the reader's position kept
    const ordem = `SELECT id::text FROM mudancas ORDER BY transacao, id`;
    expect(await consultar(destinoUrl, ordem)).toEqual(await consultar(origemUrl, ordem));
    const [visiveis] = await consultar<{ n: number; total: number }>(
      destinoUrl,
      `SELECT count(*) FILTER (WHERE transacao < pg_snapshot_xmin(pg_current_snapshot()))::int AS n, count(*)::int AS total FROM mudancas`,
    );
    expect(visiveis?.n).toBe(visiveis?.total);
    const naoLidas = `SELECT count(*)::int AS n FROM mudancas m, mudancas_leitores l
                       WHERE l.leitor = 'teste-backup' AND (m.transacao, m.id) > (l.ate, l.ate_id)`;
    expect(await consultar(destinoUrl, naoLidas)).toEqual(await consultar(origemUrl, naoLidas));
    // the queue's job is back in its partition, ready to be fetched
    const [job] = await consultar<{ name: string; state: string }>(destinoUrl, "SELECT name, state FROM pgboss.job");
    expect(job).toEqual({ name: "teste-backup", state: "created" });
  }, 120_000);

  it("refuses a database that is not empty unless forced, and a tampered archive changes nothing", async () => {
    await expect(
      restaurarBackup({ url: origemUrl, armazenamento: armazenamentoOrigem(), origem: arquivoBackup, forcar: false }),
    ).rejects.toThrow(/O destino não está vazio .*--force/);

    // one stored file changed after the backup, same size: only its checksum tells
    const adulterado = path.join(pasta, "adulterado.tar.gz");
    const extract = tar.extract();
    const pack = tar.pack();
    const leitura = pipeline(createReadStream(arquivoBackup), createGunzip(), extract);
    const escrita = pipeline(pack, createGzip(), createWriteStream(adulterado));
    let alvo = "";
    for await (const e of extract) {
      const partes: Buffer[] = [];
      for await (const p of e) partes.push(p as Buffer);
      let dados = Buffer.concat(partes);
      if (!alvo && e.header.name.startsWith("arquivos/")) {
        alvo = e.header.name.slice("arquivos/".length);
        dados = Buffer.from(dados);
        dados[0] = (dados[0] ?? 0) ^ 0xff;
      }
      await new Promise<void>((ok, falha) => pack.entry({ ...e.header }, dados, (err) => (err ? falha(err) : ok())));
    }
    await leitura;
    pack.finalize();
    await escrita;

    const destinoUrl = await bancoVazio();
    const armazenamentoDestino = criarArmazenamentoLocal(path.join(pasta, "destino-adulterado"));
    await expect(
      restaurarBackup({ url: destinoUrl, armazenamento: armazenamentoDestino, origem: adulterado, forcar: false }),
    ).rejects.toThrow(new RegExp(`não confere com o seu manifesto[\\s\\S]*arquivo ${alvo}: sha256`));
    expect(await consultar(destinoUrl, "SELECT 1 FROM pg_tables WHERE schemaname IN ('public', 'pgboss')")).toEqual([]);
    expect(await somasDosArquivos(armazenamentoDestino)).toEqual({});

    // forced over a database that holds an installation: it is replaced by the backup's
    const r = await restaurarBackup({
      url: destinoUrl,
      armazenamento: armazenamentoDestino,
      origem: arquivoBackup,
      forcar: true,
    });
    expect(r.tabelas.length).toBeGreaterThan(50);
    const forcado = await restaurarBackup({
      url: destinoUrl,
      armazenamento: armazenamentoDestino,
      origem: arquivoBackup,
      forcar: true,
    });
    expect(forcado.tabelas.every((t) => t.esperadas === t.encontradas)).toBe(true);
  }, 180_000);
});
