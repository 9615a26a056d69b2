import { createReadStream, createWriteStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import tar from "tar-stream";
import type { TArmazenamento } from "../storage/storage.js";
import {
  Cabecalho,
  ENTRADA_CABECALHO,
  ENTRADA_MANIFESTO,
  entradaDaTabela,
  FORMATO_BACKUP,
  PREFIXO_ARQUIVOS,
  type TManifesto,
} from "./archive-format.js";
import { listaDeColunas, nomeQualificado, sequencias, tabelasDoBackup } from "./catalog.js";
import { adicionarEntrada, adicionarJson, contarEEscrever } from "./tar-streams.js";

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
  const parcial = `${o.destino}.parcial`;
  const pack = tar.pack();
  const escrito = pipeline(pack, createGzip({ level: 6 }), createWriteStream(parcial, { mode: 0o600 }));
  // a failure before the end still consumes the promise (the error thrown is the cause, not the broken pipe)
  escrito.catch(() => {});
  const client = new pg.Client({ connectionString: o.url });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    await client.query("SET LOCAL row_security = off");
    const tabelas = await tabelasDoBackup(client);
    const { rows } = await client.query<{ versao: string }>("SELECT max(versao) AS versao FROM schema_migrations");
    const migracao = rows[0]?.versao;
    if (!migracao) throw new Error("o banco não tem migrações aplicadas: nada a copiar");
    const cabecalho = Cabecalho.parse({
      formato: FORMATO_BACKUP,
      versaoApp: o.versaoApp,
      migracao,
      criadoEm: new Date().toISOString(),
      tabelas,
    });
    await adicionarJson(pack, ENTRADA_CABECALHO, cabecalho);
    const manifesto: TManifesto = { tabelas: [], sequencias: [], arquivos: [] };
    for (const [i, t] of tabelas.entries()) {
      const entrada = entradaDaTabela(i, t);
      // spooled first: a tar entry needs its size up front, and a COPY's is known only at its end
      const spool = `${o.destino}.tabela`;
      const copia = client.query(copyTo(`COPY (SELECT ${listaDeColunas(t)} FROM ${nomeQualificado(t)}) TO STDOUT`));
      const contagem = await contarEEscrever(copia, createWriteStream(spool, { mode: 0o600 }));
      await adicionarEntrada(pack, entrada, contagem.bytes, createReadStream(spool));
      await rm(spool, { force: true });
      manifesto.tabelas.push({ tabela: `${t.schema}.${t.nome}`, entrada, ...contagem });
    }
    manifesto.sequencias = await sequencias(client);
    await client.query("COMMIT");
    for await (const chave of o.armazenamento.listar()) {
      const { stream, tamanho } = await o.armazenamento.abrir(chave);
      const { bytes, sha256 } = await adicionarEntrada(pack, `${PREFIXO_ARQUIVOS}${chave}`, tamanho, stream);
      manifesto.arquivos.push({ chave, bytes, sha256 });
    }
    await adicionarJson(pack, ENTRADA_MANIFESTO, manifesto);
    pack.finalize();
    await escrito;
    await rename(parcial, o.destino);
    const { size } = await stat(o.destino);
    return { manifesto, migracao, bytes: size, ms: performance.now() - inicio };
  } catch (e) {
    pack.destroy();
    await rm(parcial, { force: true });
    await rm(`${o.destino}.tabela`, { force: true });
    throw traduzirErroDeLeitura(e);
  } finally {
    await client.end().catch(() => {});
  }
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
