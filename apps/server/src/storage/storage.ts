import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { TConfig } from "../config/config.js";
import { type TArmazenamento, validarChave } from "./key.js";
import { criarArmazenamentoS3 } from "./s3.js";

export { type TArmazenamento, validarChave } from "./key.js";

/** Local disk under DATA_DIR/storage: the embedded default. */
export function criarArmazenamentoLocal(raiz: string): TArmazenamento {
  const caminho = (chave: string) => path.join(raiz, validarChave(chave));
  return {
    async gravar(chave, dados) {
      const destino = caminho(chave);
      await mkdir(path.dirname(destino), { recursive: true });
      // write then rename: a reader never sees half a file
      const tmp = `${destino}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(tmp, dados, { mode: 0o600 });
      await rename(tmp, destino);
    },
    async gravarArquivo(chave, origem) {
      const destino = caminho(chave);
      await mkdir(path.dirname(destino), { recursive: true });
      const tmp = `${destino}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await copyFile(origem, tmp);
        await rename(tmp, destino);
      } finally {
        await rm(tmp, { force: true });
      }
    },
    ler: (chave) => readFile(caminho(chave)),
    async abrir(chave) {
      const c = caminho(chave);
      const { size } = await stat(c);
      return { stream: createReadStream(c), tamanho: size };
    },
    existe: (chave) =>
      stat(caminho(chave)).then(
        () => true,
        () => false,
      ),
    remover: (chave) => rm(caminho(chave), { force: true }),
    listar: (pasta) => listarPasta(raiz, pasta === undefined ? "" : validarChave(pasta)),
  };
}

/** The keys under `raiz`, depth first in name order; a write's `.tmp` (not yet renamed into place) is not a file yet. */
async function* listarPasta(raiz: string, prefixo: string): AsyncGenerator<string> {
  const entradas = await readdir(path.join(raiz, prefixo), { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === "ENOENT") return [];
    throw e;
  });
  for (const e of entradas.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const chave = prefixo ? `${prefixo}/${e.name}` : e.name;
    if (e.isDirectory()) yield* listarPasta(raiz, chave);
    else if (e.isFile() && !e.name.endsWith(".tmp")) yield chave;
  }
}

/** S3-compatible storage when STORAGE_DRIVER=s3 (several instances share it), else the local disk. */
export function criarArmazenamento(config: TConfig): TArmazenamento {
  if (config.storage.driver === "s3") {
    const { endpoint, bucket, region, accessKey, secretKey, forcePathStyle } = config.storage.s3;
    // loadConfig already refuses s3 without these; the check keeps a hand-built config honest too
    if (!bucket || !accessKey || !secretKey)
      throw new Error("STORAGE_DRIVER=s3 precisa de STORAGE_S3_BUCKET, STORAGE_S3_ACCESS_KEY e STORAGE_S3_SECRET_KEY");
    return criarArmazenamentoS3({ endpoint, bucket, region, accessKey, secretKey, forcePathStyle });
  }
  return criarArmazenamentoLocal(pastaLocal(config));
}

/** Where local storage keeps the files: DATA_DIR/storage. */
export const pastaLocal = (config: Pick<TConfig, "dataDir">) => path.join(config.dataDir, "storage");
