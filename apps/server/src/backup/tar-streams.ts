import { createHash } from "node:crypto";
import type { Pack } from "tar-stream";

/** What passed through: bytes, sha256 and lines (COPY's text format ends every row, and only a row, with \n). */
export type TContagem = { bytes: number; sha256: string; linhas: number };

/** What a chunk can go to: a Node stream (a file, a COPY) or a tar entry (streamx). */
type TDestino = {
  write: (c: Buffer) => boolean;
  end: (c?: undefined) => unknown;
  once: (evento: string, fazer: (e?: unknown) => void) => unknown;
};
const evento = (d: TDestino, nome: string) => new Promise<void>((ok) => d.once(nome, () => ok()));

/**
 * Counts, hashes and forwards a stream's chunks to `destino` (or only counts, without one), minding backpressure.
 * The destination's failure (a COPY refused by PostgreSQL, a full disk) rejects: it is the error worth telling.
 */
export async function contarEEscrever(origem: AsyncIterable<Buffer>, destino?: TDestino): Promise<TContagem> {
  const falhou = new Promise<never>((_, rejeitar) => destino?.once("error", (e) => rejeitar(e)));
  falhou.catch(() => {});
  const hash = createHash("sha256");
  let bytes = 0;
  let linhas = 0;
  for await (const pedaco of origem) {
    hash.update(pedaco);
    bytes += pedaco.length;
    for (let i = pedaco.indexOf(10); i !== -1; i = pedaco.indexOf(10, i + 1)) linhas++;
    if (destino && !destino.write(pedaco)) await Promise.race([evento(destino, "drain"), falhou]);
  }
  if (destino) {
    const fim = evento(destino, "finish");
    destino.end(undefined);
    await Promise.race([fim, falhou]);
  }
  return { bytes, sha256: hash.digest("hex"), linhas };
}

/** Adds one entry of known size to the archive from a stream. */
export async function adicionarEntrada(
  pack: Pack,
  nome: string,
  tamanho: number,
  origem: AsyncIterable<Buffer>,
): Promise<TContagem> {
  let feito: (e?: Error | null) => void = () => {};
  const gravada = new Promise<void>((ok, falha) => {
    feito = (e) => (e ? falha(e) : ok());
  });
  const entrada = pack.entry({ name: nome, size: tamanho, mode: 0o600, mtime: new Date() }, (e) => feito(e));
  const contagem = await contarEEscrever(origem, entrada);
  await gravada;
  if (contagem.bytes !== tamanho) throw new Error(`${nome}: ${contagem.bytes} bytes lidos, ${tamanho} esperados`);
  return contagem;
}

/** Adds a small JSON entry. */
export function adicionarJson(pack: Pack, nome: string, valor: unknown): Promise<void> {
  const dados = Buffer.from(`${JSON.stringify(valor, null, 2)}\n`);
  return new Promise((ok, falha) =>
    pack.entry({ name: nome, mode: 0o600, mtime: new Date() }, dados, (e) => (e ? falha(e) : ok())),
  );
}
