import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import type * as SdkS3 from "@aws-sdk/client-s3";
import { type TArmazenamento, validarChave } from "./key.js";

export type TOpcoesS3 = {
  /** omitted for AWS itself (the SDK derives it from the region); MinIO, Ceph, R2… give theirs */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKey: string;
  secretKey: string;
  forcePathStyle: boolean;
};

/**
 * Private files on any S3-compatible service (ARCHITECTURE §5, decision 0405). Objects are written without an
 * ACL, so they stay private to the bucket owner; people read them only through the app's authorized routes.
 * Every provider error is thrown with its S3 code in the message: no silent fallback to the disk.
 */
export function criarArmazenamentoS3(o: TOpcoesS3): TArmazenamento {
  // The SDK takes ~0.2 s to load: only installations that use S3 pay for it, and not before the first file.
  let sdk: Promise<{ m: typeof SdkS3; s3: SdkS3.S3Client }> | null = null;
  const carregar = () => (sdk ??= import("@aws-sdk/client-s3").then((m) => ({ m, s3: criarCliente(m, o) })));
  const comSdk = async <T>(fazer: (m: typeof SdkS3, s3: SdkS3.S3Client) => Promise<T>): Promise<T> => {
    const { m, s3 } = await carregar();
    return fazer(m, s3);
  };
  const Bucket = o.bucket;

  const falha = (op: string, chave: string) => async (e: unknown) => {
    const { m } = await carregar();
    if (e instanceof m.S3ServiceException)
      throw new Error(`S3 ${op} ${chave}: ${e.name} (HTTP ${e.$metadata.httpStatusCode ?? "?"}) ${e.message}`, { cause: e });
    throw e;
  };

  const obter = async (chave: string) => {
    const Key = validarChave(chave);
    const r = await comSdk((m, s3) => s3.send(new m.GetObjectCommand({ Bucket, Key }))).catch(falha("GetObject", chave));
    if (!r.Body) throw new Error(`S3 GetObject ${chave}: resposta sem corpo`);
    return r;
  };

  return {
    async gravar(chave, dados) {
      const Key = validarChave(chave);
      // no ACL: private; S3 writes are atomic, a reader never sees half an object
      await comSdk((m, s3) => s3.send(new m.PutObjectCommand({ Bucket, Key, Body: dados, ContentLength: dados.length }))).catch(
        falha("PutObject", chave),
      );
    },
    async gravarArquivo(chave, caminho) {
      const Key = validarChave(chave);
      const { size } = await stat(caminho);
      // a stream with its length: sent as is (UNSIGNED-PAYLOAD over TLS), never buffered whole
      await comSdk((m, s3) =>
        s3.send(new m.PutObjectCommand({ Bucket, Key, Body: createReadStream(caminho), ContentLength: size })),
      ).catch(falha("PutObject", chave));
    },
    async ler(chave) {
      const r = await obter(chave);
      return Buffer.from(await (r.Body as { transformToByteArray: () => Promise<Uint8Array> }).transformToByteArray());
    },
    async abrir(chave) {
      const r = await obter(chave);
      // in Node the body is the HTTP response itself, a Readable: streamed to the client without buffering
      return { stream: r.Body as Readable, tamanho: Number(r.ContentLength ?? 0) };
    },
    async existe(chave) {
      const Key = validarChave(chave);
      try {
        await comSdk((m, s3) => s3.send(new m.HeadObjectCommand({ Bucket, Key })));
        return true;
      } catch (e) {
        const { m } = await carregar();
        // HEAD answers carry no body: a missing object is a bare 404 ("NotFound"); anything else is a real failure
        if (
          e instanceof m.S3ServiceException &&
          (e.name === "NotFound" || e.name === "NoSuchKey" || e.$metadata.httpStatusCode === 404)
        )
          return false;
        return falha("HeadObject", chave)(e);
      }
    },
    async remover(chave) {
      const Key = validarChave(chave);
      // S3 answers 204 whether or not the object existed: removing twice is fine
      await comSdk((m, s3) => s3.send(new m.DeleteObjectCommand({ Bucket, Key }))).catch(falha("DeleteObject", chave));
    },
    async *listar(pasta) {
      const Prefix = pasta === undefined ? undefined : `${validarChave(pasta)}/`;
      // needs s3:ListBucket on the bucket (only the backup lists: docs/operations.md, decision 1857)
      let ContinuationToken: string | undefined;
      do {
        const r = await comSdk((m, s3) => s3.send(new m.ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }))).catch(
          falha("ListObjectsV2", ""),
        );
        for (const o of r.Contents ?? []) if (o.Key) yield o.Key;
        ContinuationToken = r.IsTruncated ? r.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

function criarCliente(m: typeof SdkS3, o: TOpcoesS3): SdkS3.S3Client {
  return new m.S3Client({
    endpoint: o.endpoint,
    region: o.region,
    forcePathStyle: o.forcePathStyle,
    credentials: { accessKeyId: o.accessKey, secretAccessKey: o.secretKey },
    // Since SDK 3.729 PutObject adds a CRC32 checksum by default, which many S3-compatible services (older MinIO,
    // Ceph, R2, B2…) reject; only send or check checksums when an operation requires them. The payload is still
    // covered by the SigV4 signature (x-amz-content-sha256).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // a stuck storage must not hold a request forever (the SDK retries 5xx and throttling 3 times with backoff)
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}
