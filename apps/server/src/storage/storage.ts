import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { TConfig } from "../config/config.js";

/**
 * Private file storage (ARCHITECTURE §5): chat media now, legal documents later. Files are never public:
 * they are read back only through authorized routes. Keys look like `{empresaId}/{leadId}/{name}`.
 */
export type TArmazenamento = {
  gravar: (chave: string, dados: Buffer) => Promise<void>;
  ler: (chave: string) => Promise<Buffer>;
  /** a stream and the size, for downloads */
  abrir: (chave: string) => Promise<{ stream: Readable; tamanho: number }>;
  existe: (chave: string) => Promise<boolean>;
  remover: (chave: string) => Promise<void>;
};

const CHAVE_VALIDA = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Refuses anything that could leave the storage root (.., absolute paths, odd characters). */
export function validarChave(chave: string): string {
  if (chave.length > 500 || !CHAVE_VALIDA.test(chave) || chave.split("/").some((p) => p === "." || p === ".."))
    throw new Error(`chave de armazenamento inválida: ${chave}`);
  return chave;
}

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
  };
}

export function criarArmazenamento(config: TConfig): TArmazenamento {
  if (config.storage.driver === "s3") {
    // The S3-compatible driver is not built yet; refuse to start rather than silently write to disk.
    throw new Error("STORAGE_DRIVER=s3 ainda não é suportado; use o armazenamento local (padrão).");
  }
  return criarArmazenamentoLocal(path.join(config.dataDir, "storage"));
}
