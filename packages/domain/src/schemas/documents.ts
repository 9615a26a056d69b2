import { z } from "zod";
import { CATEGORIAS } from "../documents";
import { MSG } from "../messages";
import { PERIODOS } from "../period";
import { zId } from "./id";
import { zNumero } from "./number";
import { zTexto } from "./text";

// /documentos and the 'Documentos' part of the process dialog (000 §3, §7; 001 §3 Document, §7).

const dia = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, MSG.dadosInvalidos);
export const TAMANHO_PAGINA_DOCUMENTOS = 25;
export const MAX_DESCRICAO_DOCUMENTO = 500;

/** Filters of /documentos: lead (process), type, period (of upload), search (file name, description, lead name). */
export const ZFiltroDocumentos = z
  .object({
    /** the platform admin names the company (like every company screen) */
    empresaId: zId().optional(),
    leadId: zId().optional(),
    tipo: z.enum(CATEGORIAS).optional(),
    periodo: z.enum(PERIODOS).default("all"),
    inicio: dia.optional(),
    fim: dia.optional(),
    busca: zTexto().trim().max(100).optional(),
    pagina: zNumero(z.number().int().min(1).max(1_000_000)).default(1),
    tamanho: zNumero(z.number().int().min(1).max(100)).default(TAMANHO_PAGINA_DOCUMENTOS),
  })
  .refine((f) => f.periodo !== "custom" || (!!f.inicio && !!f.fim && f.inicio <= f.fim), {
    message: MSG.periodoPersonalizadoIncompleto,
    path: ["inicio"],
  });
export type TFiltroDocumentos = z.infer<typeof ZFiltroDocumentos>;

export const ZDocumento = z.object({
  id: zId(),
  lead_id: zId(),
  lead_nome: z.string(),
  nome_arquivo: z.string(),
  descricao: z.string(),
  /** the MIME type the content proved */
  tipo_arquivo: z.string(),
  tamanho_arquivo: z.number().int(),
  data_upload: z.string(),
  uploader_id: zId().nullable(),
  /** the uploader's name, the e-mail only for an account without one (decision 1633) */
  uploader_nome: z.string().nullable(),
  /** 001 §7: documents joined with the uploader's email */
  uploader_email: z.string().nullable(),
  /** the uploader or a company admin may delete it (checked again by the server) */
  pode_excluir: z.boolean(),
});
export type TDocumento = z.infer<typeof ZDocumento>;

export const ZPaginaDocumentos = z.object({
  itens: z.array(ZDocumento),
  total: z.number().int(),
  pagina: z.number().int(),
  tamanho: z.number().int(),
});
export type TPaginaDocumentos = z.infer<typeof ZPaginaDocumentos>;

/** The lead filter's options: the company's leads that have documents. */
export const ZOpcaoLeadDocumento = z.object({ id: zId(), nome: z.string() });
export type TOpcaoLeadDocumento = z.infer<typeof ZOpcaoLeadDocumento>;

/** The optional description sent with the file (001 §5: defaults to the file name). */
export const ZDescricaoDocumento = zTexto()
  .trim()
  .max(MAX_DESCRICAO_DOCUMENTO, MSG.descricaoDocumentoLonga(MAX_DESCRICAO_DOCUMENTO));
