import { createReadStream, createWriteStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import tar from "tar-stream";
import type { TArmazenamento } from "../storage/storage.js";
import {
  ENTRADA_CABECALHO,
  ENTRADA_MANIFESTO,
  entradaDaTabela,
  PREFIXO_ARQUIVOS,
  type TCabecalho,
  type TManifesto,
} from "./archive-format.js";
import { listaDeColunas, nomeQualificado, type TTabelaBackup } from "./catalog.js";
import { adicionarEntrada, adicionarJson, contarEEscrever } from "./tar-streams.js";

/**
 * An archive being written (decision 1857): entries go in the format's order (header, tables, files, manifest) into
 * `destino.parcial`, renamed to `destino` only once whole, so a failed write leaves no half archive under that name.
 * The whole installation's backup and one company's export (decision 1943) write through it.
 */
export function abrirArquivoDeSaida(destino: string, cabecalho: TCabecalho) {
  const parcial = `${destino}.parcial`;
  const spool = `${destino}.tabela`;
  const pack = tar.pack();
  const escrito = pipeline(pack, createGzip({ level: 6 }), createWriteStream(parcial, { mode: 0o600 }));
  // a failure before the end still consumes the promise (the error thrown is the cause, not the broken pipe)
  escrito.catch(() => {});
  const manifesto: TManifesto = { tabelas: [], sequencias: [], arquivos: [] };
  const iniciado = adicionarJson(pack, ENTRADA_CABECALHO, cabecalho);
  return {
    manifesto,
    /** one table's rows — `where` (with `params`) narrows them — as a COPY in the snapshot `client` reads in */
    async tabela(client: pg.ClientBase, i: number, t: TTabelaBackup, where = "", params: unknown[] = []): Promise<void> {
      await iniciado;
      const entrada = entradaDaTabela(i, t);
      // spooled first: a tar entry needs its size up front, and a COPY's is known only at its end. COPY takes no
      // parameters: the values are inlined as literals by the server's own quoting
      const filtro = where ? ` WHERE ${literais(client, where, params)}` : "";
      const copia = client.query(copyTo(`COPY (SELECT ${listaDeColunas(t)} FROM ${nomeQualificado(t)}${filtro}) TO STDOUT`));
      const contagem = await contarEEscrever(copia, createWriteStream(spool, { mode: 0o600 }));
      await adicionarEntrada(pack, entrada, contagem.bytes, createReadStream(spool));
      await rm(spool, { force: true });
      manifesto.tabelas.push({ tabela: `${t.schema}.${t.nome}`, entrada, ...contagem });
    },
    /** the stored files under `pasta` (all when undefined), each with its sha256 */
    async arquivos(armazenamento: TArmazenamento, pasta?: string): Promise<void> {
      await iniciado;
      for await (const chave of armazenamento.listar(pasta)) {
        const { stream, tamanho } = await armazenamento.abrir(chave);
        const { bytes, sha256 } = await adicionarEntrada(pack, `${PREFIXO_ARQUIVOS}${chave}`, tamanho, stream);
        manifesto.arquivos.push({ chave, bytes, sha256 });
      }
    },
    /** the manifest, then the archive into place; its size in bytes */
    async concluir(): Promise<number> {
      await iniciado;
      await adicionarJson(pack, ENTRADA_MANIFESTO, manifesto);
      pack.finalize();
      await escrito;
      await rename(parcial, destino);
      return (await stat(destino)).size;
    },
    async abortar(): Promise<void> {
      pack.destroy();
      await rm(parcial, { force: true });
      await rm(spool, { force: true });
    },
  };
}

/** `where` with its $n placeholders replaced by the values quoted as SQL literals (for a COPY, which binds nothing). */
const literais = (client: pg.ClientBase, where: string, params: unknown[]) =>
  where.replace(/\$(\d+)/g, (_, n: string) => client.escapeLiteral(String(params[Number(n) - 1])));
