import { createReadStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import tar, { type Header } from "tar-stream";
import {
  Cabecalho,
  ENTRADA_CABECALHO,
  ENTRADA_MANIFESTO,
  Manifesto,
  PREFIXO_ARQUIVOS,
  type TCabecalho,
  type TManifesto,
} from "./archive-format.js";
import { contarEEscrever, type TContagem } from "./tar-streams.js";

/** A refusal of `npm run restore`, with what to do (pt-BR), printed as is. */
export class ErroRestauracao extends Error {}

/** The archive's entries in order; each must be read whole (or drained) before the next one is given. */
export async function* entradasDoArquivo(origem: string): AsyncGenerator<AsyncIterable<Buffer> & { header: Header }> {
  const extract = tar.extract();
  const leitura = pipeline(createReadStream(origem), createGunzip(), extract);
  leitura.catch(() => {});
  try {
    // streamx types its chunks as unknown; the extractor hands Buffers
    for await (const e of extract) yield e as typeof e & AsyncIterable<Buffer>;
    await leitura;
  } catch (e) {
    await leitura.catch(() => {});
    throw new ErroRestauracao(`${origem} não é um backup legível (${(e as Error).message}): nada foi alterado.`, { cause: e });
  }
}

async function lerJson(entrada: AsyncIterable<Buffer>): Promise<unknown> {
  const partes: Buffer[] = [];
  for await (const p of entrada) partes.push(p);
  return JSON.parse(Buffer.concat(partes).toString("utf8"));
}

/**
 * The first pass of a restore: reads the whole archive, hashing every entry, and compares it with its manifest.
 * Nothing is written anywhere before this passes — a tampered or truncated archive changes nothing.
 */
export async function verificarArquivo(origem: string): Promise<{ cabecalho: TCabecalho; manifesto: TManifesto }> {
  let cabecalho: TCabecalho | null = null;
  let manifesto: TManifesto | null = null;
  const lidas = new Map<string, TContagem>();
  for await (const e of entradasDoArquivo(origem)) {
    const nome = e.header.name;
    if (nome === ENTRADA_CABECALHO || nome === ENTRADA_MANIFESTO) {
      const json = await lerJson(e);
      const r = (nome === ENTRADA_CABECALHO ? Cabecalho : Manifesto).safeParse(json);
      if (!r.success) throw new ErroRestauracao(`${nome} do backup é de um formato desconhecido: nada foi alterado.`);
      if (nome === ENTRADA_CABECALHO) cabecalho = r.data as TCabecalho;
      else manifesto = r.data as TManifesto;
    } else lidas.set(nome, await contarEEscrever(e));
  }
  if (!cabecalho || !manifesto)
    throw new ErroRestauracao(
      `${origem} não tem ${cabecalho ? ENTRADA_MANIFESTO : ENTRADA_CABECALHO}: não é um backup completo.`,
    );
  const problemas = diferencas(manifesto, lidas);
  if (problemas.length)
    throw new ErroRestauracao(
      `O backup não confere com o seu manifesto (adulterado ou corrompido); nada foi alterado:\n  ${problemas.slice(0, 20).join("\n  ")}` +
        (problemas.length > 20 ? `\n  … e mais ${problemas.length - 20}` : ""),
    );
  return { cabecalho, manifesto };
}

function diferencas(m: TManifesto, lidas: Map<string, TContagem>): string[] {
  const problemas: string[] = [];
  const esperadas = [
    ...m.tabelas.map((t) => ({ nome: t.entrada, o: `tabela ${t.tabela}`, ...t })),
    ...m.arquivos.map((a) => ({ nome: `${PREFIXO_ARQUIVOS}${a.chave}`, o: `arquivo ${a.chave}`, linhas: undefined, ...a })),
  ];
  for (const x of esperadas) {
    const lida = lidas.get(x.nome);
    if (!lida) problemas.push(`${x.o}: falta no arquivo`);
    else if (lida.sha256 !== x.sha256 || lida.bytes !== x.bytes)
      problemas.push(`${x.o}: sha256 ou tamanho diferente do manifesto`);
    else if (x.linhas !== undefined && lida.linhas !== x.linhas)
      problemas.push(`${x.o}: ${lida.linhas} linhas, manifesto diz ${x.linhas}`);
    lidas.delete(x.nome);
  }
  for (const nome of lidas.keys()) problemas.push(`${nome}: não está no manifesto`);
  return problemas;
}
