import pg from "pg";
import type { TArmazenamento } from "../storage/storage.js";
import { Cabecalho, FORMATO_BACKUP, type TManifesto } from "./archive-format.js";
import { sequencias, tabelasDoBackup } from "./catalog.js";
import { abrirArquivoDeSaida } from "./write-archive.js";

export type TResultadoBackup = { manifesto: TManifesto; migracao: string; bytes: number; ms: number };

/**
 * Writes the whole installation — every row of the database and every stored file — into one archive at `destino`
 * (decision 1857). The rows are read in one REPEATABLE READ snapshot, and their counts are the lines of that same
 * read: the manifest describes exactly the rows in the archive. Files are streamed after it (a file written after
 * the snapshot may be in the archive with no row pointing at it; the restore keeps it, harmless). The archive is
 * written beside `destino` and renamed into place, so a failed backup leaves no half archive under that name.
 *
 * `url` must read past row-level security (a superuser, as on the embedded database, or a role with BYPASSRLS): like
 * pg_dump, the read refuses rather than saving only the rows a policy lets through.
 */
export async function fazerBackup(o: {
  url: string;
  armazenamento: TArmazenamento;
  destino: string;
  versaoApp: string;
}): Promise<TResultadoBackup> {
  const inicio = performance.now();
  const client = new pg.Client({ connectionString: o.url });
  client.on("error", () => {});
  let saida: ReturnType<typeof abrirArquivoDeSaida> | undefined;
  try {
    await client.connect();
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    await client.query("SET LOCAL row_security = off");
    const tabelas = await tabelasDoBackup(client);
    const migracao = await migracaoAtual(client);
    saida = abrirArquivoDeSaida(
      o.destino,
      Cabecalho.parse({ formato: FORMATO_BACKUP, versaoApp: o.versaoApp, migracao, criadoEm: new Date().toISOString(), tabelas }),
    );
    for (const [i, t] of tabelas.entries()) await saida.tabela(client, i, t);
    saida.manifesto.sequencias = await sequencias(client);
    await client.query("COMMIT");
    await saida.arquivos(o.armazenamento);
    const bytes = await saida.concluir();
    return { manifesto: saida.manifesto, migracao, bytes, ms: performance.now() - inicio };
  } catch (e) {
    await saida?.abortar();
    throw traduzirErroDeLeitura(e);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The last applied migration: the schema the archived rows fit. */
export async function migracaoAtual(client: pg.ClientBase): Promise<string> {
  const { rows } = await client.query<{ versao: string }>("SELECT max(versao) AS versao FROM schema_migrations");
  const migracao = rows[0]?.versao;
  if (!migracao) throw new Error("o banco não tem migrações aplicadas: nada a copiar");
  return migracao;
}

/** PostgreSQL's refusal to read past RLS without the right, said as what to do. */
function traduzirErroDeLeitura(e: unknown): unknown {
  if ((e as { code?: string }).code === "42501" && /row-level security/i.test((e as Error).message))
    return new Error(
      "o usuário do banco não lê além da segurança por linha (RLS): faça o backup com um superusuário ou um papel com " +
        "BYPASSRLS (BACKUP_DATABASE_URL; veja docs/operations.md, Backups).",
      { cause: e },
    );
  return e;
}
