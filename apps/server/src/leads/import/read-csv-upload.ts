import { nomeDeArquivoSeguro } from "@crm/domain/file-names";
import { pareceBinario, TAMANHO_MAXIMO_CSV } from "@crm/domain/leads-csv";
import { MSG } from "@crm/domain/messages";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { fileTypeFromBuffer } from "file-type";
import { badRequest, HttpError } from "../../http/errors.js";

/** Multipart for the import route of this plugin only: one file up to 16MB (001 §9). */
export async function registrarUploadCsv(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: TAMANHO_MAXIMO_CSV, files: 1, fields: 5, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });
}

/** What browsers and spreadsheets declare for .csv files (Windows says it is Excel's). */
const MIME_CSV = new Set([
  "text/csv",
  "application/csv",
  "text/comma-separated-values",
  "application/vnd.ms-excel",
  "text/plain",
]);

/**
 * The uploaded CSV: its bytes and its name. A CSV by type or .csv name (001 §5), checked by content too: a
 * spreadsheet, PDF or image renamed .csv is refused. Above 16MB: the spec's message, as 413.
 */
export async function lerCsvEnviado(req: FastifyRequest): Promise<{ dados: Buffer; nome: string }> {
  if (!req.isMultipart()) throw badRequest(MSG.csvSelecioneValido);
  let arquivo: { dados: Buffer; nome: string; mime: string } | null = null;
  try {
    for await (const parte of req.parts()) {
      if (parte.type === "file" && !arquivo)
        arquivo = { dados: await parte.toBuffer(), nome: nomeDeArquivoSeguro(parte.filename, 255), mime: parte.mimetype };
    }
  } catch (e) {
    if ((e as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, MSG.csvMuitoGrande);
    throw badRequest(MSG.erroProcessarCsv);
  }
  if (!arquivo) throw badRequest(MSG.csvSelecioneValido);
  const porNome = /\.csv$/i.test(arquivo.nome);
  if (!porNome && !MIME_CSV.has(arquivo.mime.toLowerCase())) throw badRequest(MSG.csvSelecioneValido);
  if (!arquivo.dados.length) throw badRequest(MSG.csvVazio);
  if (pareceBinario(arquivo.dados) || (await fileTypeFromBuffer(arquivo.dados))) throw badRequest(MSG.csvSelecioneValido);
  return { dados: arquivo.dados, nome: arquivo.nome };
}
