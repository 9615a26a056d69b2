import { nomeDeArquivoSeguro } from "@crm/domain/file-names";
import { MSG } from "@crm/domain/messages";
import {
  EXTENSOES_DOCUMENTO,
  extensaoDe,
  MIME_DOCUMENTO,
  MIME_IMAGENS,
  TAMANHO_MAXIMO_ANEXO,
  type TTipoAnexo,
} from "@crm/domain/whatsapp";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { fileTypeFromBuffer } from "file-type";
import { badRequest, HttpError } from "./errors.js";

/** Multipart forms of this plugin only: one file up to 16MB (001 §9), a few short fields. */
export async function registrarUpload(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: TAMANHO_MAXIMO_ANEXO, files: 1, fields: 10, fieldSize: 8 * 1024 },
    throwFileSizeLimit: true,
  });
}

export type TUpload = { campos: Record<string, string>; arquivo: { dados: Buffer; nome: string; mimeDeclarado: string } | null };

/** Reads the form's fields and its one file; a file above 16MB is refused with the spec's message. */
export async function lerUpload(req: FastifyRequest): Promise<TUpload> {
  if (!req.isMultipart()) throw badRequest(MSG.requisicaoInvalida);
  const campos: Record<string, string> = {};
  let arquivo: TUpload["arquivo"] = null;
  try {
    for await (const parte of req.parts()) {
      if (parte.type === "file") {
        const dados = await parte.toBuffer();
        arquivo = { dados, nome: nomeDeArquivoSeguro(parte.filename) || "arquivo", mimeDeclarado: parte.mimetype };
      } else {
        campos[parte.fieldname] = String(parte.value ?? "");
      }
    }
  } catch (e) {
    if ((e as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, MSG.anexoMuitoGrande);
    const status = (e as { statusCode?: number }).statusCode;
    if (e instanceof HttpError || (status && status >= 400 && status < 500)) throw e;
    // a form the parser cannot read (no boundary, cut off…) is the sender's fault, not a 500
    throw badRequest(MSG.requisicaoInvalida);
  }
  return { campos, arquivo };
}

const TEXTO_COMUM = /^[\t\n\r\x20-\x7e\u00a0-\uffff]*$/u;

/**
 * The file's real type, from its content (ARCHITECTURE §5): images must be JPEG, PNG or WEBP; documents
 * PDF, Word, Excel (old and new formats, told apart from other ZIP/OLE files by extension) or plain text.
 * Returns the MIME type to store, or throws the spec's message.
 */
export async function validarAnexo(tipo: TTipoAnexo, dados: Buffer, nome: string): Promise<string> {
  if (dados.length === 0) throw badRequest(tipo === "image" ? MSG.anexoTipoImagem : MSG.anexoTipoDocumento);
  if (dados.length > TAMANHO_MAXIMO_ANEXO) throw new HttpError(413, MSG.anexoMuitoGrande);
  const detectado = await fileTypeFromBuffer(dados);
  if (tipo === "image") {
    if (detectado && (MIME_IMAGENS as readonly string[]).includes(detectado.mime)) return detectado.mime;
    throw badRequest(MSG.anexoTipoImagem);
  }
  const ext = extensaoDe(nome) as (typeof EXTENSOES_DOCUMENTO)[number];
  if (!(EXTENSOES_DOCUMENTO as readonly string[]).includes(ext)) throw badRequest(MSG.anexoTipoDocumento);
  const ok =
    (ext === "pdf" && detectado?.ext === "pdf") ||
    ((ext === "docx" || ext === "xlsx") && detectado?.ext === ext) ||
    ((ext === "doc" || ext === "xls") && detectado?.ext === "cfb") ||
    (ext === "txt" && !detectado && !dados.includes(0) && TEXTO_COMUM.test(dados.toString("utf8")));
  if (!ok) throw badRequest(MSG.anexoTipoDocumento);
  return MIME_DOCUMENTO[ext];
}
