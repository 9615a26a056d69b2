import { extensaoDe } from "./whatsapp";

// Legal documents of a process (000 §3 documentos, 001 §3 Document, §5 document upload).

/** 001 §5 and §9: at most 10MB per document. */
export const TAMANHO_MAXIMO_DOCUMENTO = 10 * 1024 * 1024;

/** The extensions the spec allows (001 §5); the server decides the real type from the content, never from this. */
export const EXTENSOES_PERMITIDAS_DOCUMENTO = ["pdf", "doc", "docx", "xls", "xlsx", "jpg", "jpeg", "png", "txt"] as const;
export const ACEITA_DOCUMENTO_JURIDICO = EXTENSOES_PERMITIDAS_DOCUMENTO.map((e) => `.${e}`).join(",");

/** The MIME type stored in tipo_arquivo for each kind the content can prove. */
export const MIME_DOCUMENTO_JURIDICO = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  jpg: "image/jpeg",
  png: "image/png",
  txt: "text/plain",
} as const;
export type TTipoConteudoDocumento = keyof typeof MIME_DOCUMENTO_JURIDICO;

/** The content each allowed extension names ('.jpeg' is a JPEG as '.jpg' is). */
const TIPO_DA_EXTENSAO: Record<(typeof EXTENSOES_PERMITIDAS_DOCUMENTO)[number], TTipoConteudoDocumento> = {
  pdf: "pdf",
  doc: "doc",
  docx: "docx",
  xls: "xls",
  xlsx: "xlsx",
  jpg: "jpg",
  jpeg: "jpg",
  png: "png",
  txt: "txt",
};

/**
 * The type a document's name claims, or null when its extension is not one of the spec's (`boleto.bat`,
 * `fatura.hta`, `script.ps1`, `atalho.lnk`, `pagina.html`, no extension). The server also proves the content and
 * requires both to agree (decision 1654): a name is what a person trusts when they open a file.
 */
export function tipoPeloNome(nome: string): TTipoConteudoDocumento | null {
  return TIPO_DA_EXTENSAO[extensaoDe(nome) as keyof typeof TIPO_DA_EXTENSAO] ?? null;
}

/** How a person calls each kind, for the message that says a name and its content disagree. */
export const ROTULO_TIPO_DOCUMENTO: Record<TTipoConteudoDocumento, string> = {
  pdf: "um PDF",
  doc: "um documento Word (.doc)",
  docx: "um documento Word (.docx)",
  xls: "uma planilha Excel (.xls)",
  xlsx: "uma planilha Excel (.xlsx)",
  jpg: "uma imagem JPEG",
  png: "uma imagem PNG",
  txt: "um texto",
};

/** The type filter of /documentos: families a person recognises, each a set of MIME types. */
export const CATEGORIAS_DOCUMENTO = {
  pdf: { rotulo: "PDF", mimes: [MIME_DOCUMENTO_JURIDICO.pdf] },
  word: { rotulo: "Word", mimes: [MIME_DOCUMENTO_JURIDICO.doc, MIME_DOCUMENTO_JURIDICO.docx] },
  excel: { rotulo: "Excel", mimes: [MIME_DOCUMENTO_JURIDICO.xls, MIME_DOCUMENTO_JURIDICO.xlsx] },
  imagem: { rotulo: "Imagem", mimes: [MIME_DOCUMENTO_JURIDICO.jpg, MIME_DOCUMENTO_JURIDICO.png] },
  texto: { rotulo: "Texto", mimes: [MIME_DOCUMENTO_JURIDICO.txt] },
} as const;
export type TCategoriaDocumento = keyof typeof CATEGORIAS_DOCUMENTO;
export const CATEGORIAS = Object.keys(CATEGORIAS_DOCUMENTO) as [TCategoriaDocumento, ...TCategoriaDocumento[]];

export function categoriaDoMime(mime: string): TCategoriaDocumento | null {
  for (const c of CATEGORIAS) if ((CATEGORIAS_DOCUMENTO[c].mimes as readonly string[]).includes(mime)) return c;
  return null;
}

/** PDFs and images open in the preview dialog; everything else is downloaded. */
export const previsualizavel = (mime: string) =>
  mime === MIME_DOCUMENTO_JURIDICO.pdf || mime === MIME_DOCUMENTO_JURIDICO.jpg || mime === MIME_DOCUMENTO_JURIDICO.png;

/** The browser's first check, by name and size (the server checks the content again): null when it may be sent. */
export function problemaDoDocumento(a: { nome: string; tamanho: number }): "grande" | "vazio" | "tipo" | null {
  if (a.tamanho > TAMANHO_MAXIMO_DOCUMENTO) return "grande";
  if (!(EXTENSOES_PERMITIDAS_DOCUMENTO as readonly string[]).includes(extensaoDe(a.nome))) return "tipo";
  if (a.tamanho <= 0) return "vazio";
  return null;
}

/** '1,2 MB', '340 KB', '12 bytes'. */
export function formatarTamanho(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb).toLocaleString("pt-BR")} KB`;
  return `${(kb / 1024).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB`;
}
