import { createWriteStream } from "node:fs";
import { copyFile, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { MIGRATIONS_DIR, migrate } from "../db/migrate.js";
import { instalarFilas } from "../jobs/jobs.js";
import type { TArmazenamento } from "../storage/storage.js";
import { PREFIXO_ARQUIVOS, type TCabecalho, type TManifesto } from "./archive-format.js";
import { listaDeColunas, nomeQualificado, type TTabelaBackup } from "./catalog.js";
import { ErroRestauracao, entradasDoArquivo, verificarArquivo } from "./read-archive.js";
import { restaurarFilas } from "./restore-queues.js";
import { contarEEscrever } from "./tar-streams.js";
import { renumerarTransacoes } from "./transaction-ids.js";

export { ErroRestauracao } from "./read-archive.js";

export type TResultadoRestauracao = {
  cabecalho: TCabecalho;
  /** each table's rows: what the manifest says and what the restored database holds */
  tabelas: { tabela: string; esperadas: number; encontradas: number }[];
  arquivos: number;
  /** migrations newer than the backup's, applied after the restore */
  migracoesDepois: string[];
  ms: number;
};

/**
 * Restores an archive of `fazerBackup` into an empty database and an empty store (decision 1857): checks the whole
 * archive against its manifest first (nothing is touched when it does not match), refuses a database or store that
 * holds anything unless `forcar` (then erases both), builds the schema with the migrations up to the backup's,
 * loads every table in foreign-key order and every file in ONE transaction, compares each table's row count with the
 * manifest before committing, and then applies the migrations that came after the backup.
 */
export async function restaurarBackup(o: {
  url: string;
  armazenamento: TArmazenamento;
  origem: string;
  forcar: boolean;
}): Promise<TResultadoRestauracao> {
  const inicio = performance.now();
  const { cabecalho, manifesto } = await verificarArquivo(o.origem);
  if (cabecalho.empresa)
    throw new ErroRestauracao(
      `Este arquivo é a exportação da empresa ${cabecalho.empresa.nome}, não um backup da instalação: ` +
        "importe-o com npm run company:import.",
    );
  const migracoes = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith(".sql")).sort();
  if (!migracoes.includes(`${cabecalho.migracao}.sql`))
    throw new ErroRestauracao(
      `O backup foi feito na migração ${cabecalho.migracao}, que esta versão do CRM não tem (a última daqui é ` +
        `${migracoes.at(-1)?.replace(/\.sql$/, "")}): restaure com a versão ${cabecalho.versaoApp} ou mais nova.`,
    );
  const owner = new pg.Pool({ connectionString: o.url, max: 1 });
  owner.on("error", () => {});
  const gravados: string[] = [];
  try {
    await exigirVazio(owner, o.armazenamento, o.forcar);
    await migrarAte(owner, migracoes, cabecalho.migracao);
    await instalarFilas(o.url);
    const client = await owner.connect();
    client.on("error", () => {}); // a lost connection fails the query in flight, which says so
    let tabelas: TResultadoRestauracao["tabelas"];
    try {
      await client.query("BEGIN");
      tabelas = await carregar(client, o, cabecalho, manifesto, gravados);
      await client.query("COMMIT");
    } catch (e) {
      await client.query("ROLLBACK").catch(() => {});
      throw e;
    } finally {
      client.release();
    }
    const migracoesDepois = await migrate(owner);
    return { cabecalho, tabelas, arquivos: manifesto.arquivos.length, migracoesDepois, ms: performance.now() - inicio };
  } catch (e) {
    // back to empty, as it was found (or as --force left it): a half restore must not look like an installation
    for (const chave of gravados) await o.armazenamento.remover(chave).catch(() => {});
    await apagarEsquemas(owner).catch(() => {});
    throw e;
  } finally {
    await owner.end();
  }
}

async function exigirVazio(owner: pg.Pool, armazenamento: TArmazenamento, forcar: boolean): Promise<void> {
  const { rows } = await owner.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ('public', 'pgboss') AND c.relkind IN ('r', 'p')`,
  );
  let arquivo: string | undefined;
  for await (const chave of armazenamento.listar()) {
    arquivo = chave;
    break;
  }
  if (!rows[0]?.n && !arquivo) return;
  if (!forcar)
    throw new ErroRestauracao(
      `O destino não está vazio (${rows[0]?.n ?? 0} tabelas no banco${arquivo ? ", arquivos no armazenamento" : ""}): ` +
        "restaure num banco e numa pasta de dados vazios, ou use --force para APAGAR o que há neles antes.",
    );
  await apagarEsquemas(owner);
  for await (const chave of armazenamento.listar()) await armazenamento.remover(chave);
}

async function apagarEsquemas(owner: pg.Pool): Promise<void> {
  await owner.query(
    "DROP SCHEMA IF EXISTS pgboss CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public; GRANT USAGE ON SCHEMA public TO PUBLIC",
  );
}

/** The schema the rows were written for: the migrations up to the backup's, from a folder holding only those. */
async function migrarAte(owner: pg.Pool, migracoes: string[], ate: string): Promise<void> {
  const pasta = await mkdtemp(path.join(tmpdir(), "crm-restauro-"));
  try {
    for (const f of migracoes.filter((m) => m <= `${ate}.sql`)) await copyFile(path.join(MIGRATIONS_DIR, f), path.join(pasta, f));
    await migrate(owner, { dir: pasta });
  } finally {
    await rm(pasta, { recursive: true, force: true });
  }
}

/**
 * The load, in the caller's transaction. Triggers of the app's tables are off while loading: the rows come with their
 * derived data and change-log rows already written (a trigger would count them twice, decision 1721), and no socket
 * is told of a restore. Row-level security is forced on the owner by the migrations; the owner lifts it for the load
 * of an empty database and puts it back before the commit.
 */
async function carregar(
  client: pg.PoolClient,
  o: { origem: string; armazenamento: TArmazenamento },
  cabecalho: TCabecalho,
  manifesto: TManifesto,
  gravados: string[],
): Promise<TResultadoRestauracao["tabelas"]> {
  const daApp = cabecalho.tabelas.filter((t) => t.schema === "public");
  const { rows: forcadas } = await client.query<{ nome: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS nome FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relforcerowsecurity`,
  );
  const alternar = (sql: (t: TTabelaBackup) => string) => client.query(daApp.map((t) => `${sql(t)};`).join("\n"));
  await alternar((t) => `ALTER TABLE ${nomeQualificado(t)} DISABLE TRIGGER USER`);
  if (forcadas.length) await client.query(forcadas.map((f) => `ALTER TABLE ${f.nome} NO FORCE ROW LEVEL SECURITY;`).join("\n"));
  // the migrations may have written rows of their own (defaults, reference rows): the backup's replace them
  await client.query(`TRUNCATE ${cabecalho.tabelas.map(nomeQualificado).join(", ")}`);

  const porEntrada = new Map(manifesto.tabelas.map((t) => [t.entrada, t]));
  const tabelaPorNome = new Map(cabecalho.tabelas.map((t) => [`${t.schema}.${t.nome}`, t]));
  for await (const e of entradasDoArquivo(o.origem)) {
    const nome = e.header.name;
    const doManifesto = porEntrada.get(nome);
    const t = doManifesto && tabelaPorNome.get(doManifesto.tabela);
    if (t && t.schema === "pgboss" && t.nome === "queue") await restaurarFilas(client, t, e);
    else if (t) await contarEEscrever(e, client.query(copyFrom(`COPY ${nomeQualificado(t)} (${listaDeColunas(t)}) FROM STDIN`)));
    else if (nome.startsWith(PREFIXO_ARQUIVOS)) {
      const chave = nome.slice(PREFIXO_ARQUIVOS.length);
      const spool = path.join(tmpdir(), `crm-restauro-${process.pid}-${gravados.length}`);
      try {
        await contarEEscrever(e, createWriteStream(spool, { mode: 0o600 }));
        gravados.push(chave);
        await o.armazenamento.gravarArquivo(chave, spool);
      } finally {
        await rm(spool, { force: true });
      }
    } else await contarEEscrever(e);
  }
  for (const s of manifesto.sequencias)
    if (s.valor !== null) await client.query("SELECT setval($1::regclass, $2::bigint, true)", [s.nome, s.valor]);
  await renumerarTransacoes(client);

  const tabelas: TResultadoRestauracao["tabelas"] = [];
  for (const m of manifesto.tabelas) {
    const t = tabelaPorNome.get(m.tabela) as TTabelaBackup;
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${nomeQualificado(t)}`);
    tabelas.push({ tabela: m.tabela, esperadas: m.linhas, encontradas: rows[0]?.n ?? 0 });
  }
  const erradas = tabelas.filter((t) => t.esperadas !== t.encontradas);
  if (erradas.length)
    throw new ErroRestauracao(
      `Contagem de linhas diferente do manifesto; nada foi gravado:\n  ${erradas.map((t) => `${t.tabela}: ${t.encontradas} (manifesto: ${t.esperadas})`).join("\n  ")}`,
    );
  await alternar((t) => `ALTER TABLE ${nomeQualificado(t)} ENABLE TRIGGER USER`);
  if (forcadas.length) await client.query(forcadas.map((f) => `ALTER TABLE ${f.nome} FORCE ROW LEVEL SECURITY;`).join("\n"));
  return tabelas;
}
