import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  ROTULO_TIPO_DOCUMENTO,
  TAMANHO_MAXIMO_DOCUMENTO,
  type TTipoConteudoDocumento,
  tipoPeloNome,
} from "@crm/domain/documents";
import { nomeDeArquivoSeguro } from "@crm/domain/file-names";
import { MSG } from "@crm/domain/messages";
import { extensaoDe } from "@crm/domain/whatsapp";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest, HttpError } from "../http/errors.js";
import { tipoDoConteudo } from "./content-type.js";

/** Multipart forms of the documents plugin: one file up to 10MB (001 §5), a short description. */
export async function registrarUploadDocumento(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: TAMANHO_MAXIMO_DOCUMENTO, files: 1, fields: 5, fieldSize: 8 * 1024 },
    throwFileSizeLimit: true,
  });
}

export type TDocumentoRecebido = {
  campos: Record<string, string>;
  /** the spooled file on local disk; the caller removes it with `descartar` */
  arquivo: { caminho: string; nome: string; tamanho: number } | null;
  descartar: () => Promise<void>;
};

/**
 * Streams the form's one file to a temporary file under DATA_DIR/tmp, counting its bytes as they pass: a 10MB
 * upload costs the server a few 64KB chunks of memory, not 10MB (decision 1103: ≤ 30 MB growth for 5 at once). Beyond
 * 10MB the parser stops the stream and the spec's message answers 413; the partial file is removed.
 */
export async function receberDocumento(req: FastifyRequest, dataDir: string): Promise<TDocumentoRecebido> {
  if (!req.isMultipart()) throw badRequest(MSG.requisicaoInvalida);
  const dir = path.join(dataDir, "tmp");
  await mkdir(dir, { recursive: true });
  const campos: Record<string, string> = {};
  let arquivo: TDocumentoRecebido["arquivo"] = null;
  const caminhos: string[] = [];
  const descartar = async () => {
    await Promise.all(caminhos.map((c) => rm(c, { force: true })));
  };
  try {
    for await (const parte of req.parts()) {
      if (parte.type === "file") {
        const caminho = path.join(dir, `upload-${randomBytes(12).toString("hex")}`);
        caminhos.push(caminho);
        let tamanho = 0;
        const contar = new Transform({
          transform(pedaco: Buffer, _enc, feito) {
            tamanho += pedaco.length;
            feito(null, pedaco);
          },
        });
        await pipeline(parte.file, contar, createWriteStream(caminho, { mode: 0o600 }));
        if (parte.file.truncated) throw new HttpError(413, MSG.documentoMuitoGrande);
        arquivo = { caminho, nome: nomeDeArquivoSeguro(parte.filename) || "documento", tamanho };
      } else {
        campos[parte.fieldname] = String(parte.value ?? "");
      }
    }
  } catch (e) {
    await descartar();
    if ((e as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, MSG.documentoMuitoGrande);
    const status = (e as { statusCode?: number }).statusCode;
    if (e instanceof HttpError || (status && status >= 400 && status < 500)) throw e;
    // a form the parser cannot read (no boundary, cut off…) is the sender's fault, not a 500
    throw badRequest(MSG.requisicaoInvalida);
  }
  return { campos, arquivo, descartar };
}

/**
 * The received file's type, or the 4xx that refuses it (decision 1654): a file is required and not empty, its name must
 * be one of the allowed types and say what the content is — an executable or HTML name is refused before the content
 * is read, and 'laudo.png' holding a PDF is refused too.
 */
export async function tipoDoArquivoRecebido(arquivo: TDocumentoRecebido["arquivo"]): Promise<TTipoConteudoDocumento> {
  if (!arquivo) throw badRequest(MSG.documentoSemArquivo);
  if (arquivo.tamanho === 0) throw badRequest(MSG.documentoVazio);
  const tipoDoNome = tipoPeloNome(arquivo.nome);
  if (!tipoDoNome) throw new HttpError(415, MSG.documentoTipoNaoPermitido);
  const tipo = await tipoDoConteudo(arquivo.caminho);
  if (!tipo) throw new HttpError(415, MSG.documentoTipoNaoPermitido);
  if (tipo !== tipoDoNome)
    throw new HttpError(415, MSG.documentoExtensaoNaoConfere(extensaoDe(arquivo.nome), ROTULO_TIPO_DOCUMENTO[tipo]));
  return tipo;
}
