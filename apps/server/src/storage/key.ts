import type { Readable } from "node:stream";

/**
 * Private file storage (ARCHITECTURE §5): chat media now, legal documents later. Files are never public:
 * they are read back only through authorized routes. Keys look like `{empresaId}/{leadId}/{name}`.
 */
export type TArmazenamento = {
  gravar: (chave: string, dados: Buffer) => Promise<void>;
  /** copies a local file in (uploads spooled to disk), streaming it: large files never sit whole in memory */
  gravarArquivo: (chave: string, caminho: string) => Promise<void>;
  ler: (chave: string) => Promise<Buffer>;
  /** a stream and the size, for downloads */
  abrir: (chave: string) => Promise<{ stream: Readable; tamanho: number }>;
  existe: (chave: string) => Promise<boolean>;
  remover: (chave: string) => Promise<void>;
  /**
   * every stored key, in key order, streamed (a backup reads the whole store; decision 1857); with `pasta`, only the
   * keys under that folder (`{empresaId}`: one company's files, decision 1943)
   */
  listar: (pasta?: string) => AsyncIterable<string>;
};

const CHAVE_VALIDA = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Refuses anything that could leave the storage root (.., absolute paths, odd characters). */
export function validarChave(chave: string): string {
  if (chave.length > 500 || !CHAVE_VALIDA.test(chave) || chave.split("/").some((p) => p === "." || p === ".."))
    throw new Error(`chave de armazenamento inválida: ${chave}`);
  return chave;
}
