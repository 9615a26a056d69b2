import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import type { TTipoConteudoDocumento } from "@crm/domain/documents";
import { fileTypeFromFile } from "file-type";

/**
 * What a spooled upload really is, from its bytes (ARCHITECTURE §5, 001 §5), never from its name or declared type:
 * PDF, JPEG and PNG by their signatures; DOCX and XLSX as ZIP packages with `word/` or `xl/` parts (file-type reads
 * the package); DOC and XLS as OLE2 compound files holding a `WordDocument` or a `Workbook`/`Book` stream (an MSI
 * or an Outlook message is OLE2 too, and refused); TXT as valid UTF-8 without NUL bytes. Anything else: null.
 */
export async function tipoDoConteudo(caminho: string): Promise<TTipoConteudoDocumento | null> {
  const detectado = await fileTypeFromFile(caminho);
  switch (detectado?.ext) {
    case "pdf":
      return "pdf";
    case "jpg":
      return "jpg";
    case "png":
      return "png";
    case "docx":
      return "docx";
    case "xlsx":
      return "xlsx";
    case "cfb":
      return tipoOle(caminho);
    case undefined:
      return (await textoUtf8(caminho)) ? "txt" : null;
    default:
      return null;
  }
}

const FIM_DE_CADEIA = 0xfffffffa; // FAT values from here up mark ends and special sectors
const MAX_SETORES_DIRETORIO = 4096;

/** The stream names of an OLE2 compound file's directory, following its sector chain through the FAT. */
async function nomesOle(caminho: string): Promise<string[]> {
  const fh = await open(caminho, "r");
  try {
    const cab = Buffer.alloc(512);
    await fh.read(cab, 0, 512, 0);
    const tamSetor = 2 ** cab.readUInt16LE(0x1e);
    if (tamSetor !== 512 && tamSetor !== 4096) return [];
    const difat: number[] = [];
    for (let i = 0; i < 109; i++) {
      const v = cab.readUInt32LE(0x4c + i * 4);
      if (v < FIM_DE_CADEIA) difat.push(v);
    }
    const porSetor = tamSetor / 4;
    const proximo = async (setor: number) => {
      const fat = difat[Math.floor(setor / porSetor)];
      if (fat === undefined) return FIM_DE_CADEIA;
      const b = Buffer.alloc(4);
      const { bytesRead } = await fh.read(b, 0, 4, (fat + 1) * tamSetor + (setor % porSetor) * 4);
      return bytesRead === 4 ? b.readUInt32LE(0) : FIM_DE_CADEIA;
    };
    const nomes: string[] = [];
    const setorBuf = Buffer.alloc(tamSetor);
    let setor = cab.readUInt32LE(0x30);
    for (let n = 0; setor < FIM_DE_CADEIA && n < MAX_SETORES_DIRETORIO; n++) {
      const { bytesRead } = await fh.read(setorBuf, 0, tamSetor, (setor + 1) * tamSetor);
      if (bytesRead < tamSetor) break;
      for (let o = 0; o + 128 <= tamSetor; o += 128) {
        const tam = setorBuf.readUInt16LE(o + 64);
        if (tam >= 2 && tam <= 64) nomes.push(setorBuf.toString("utf16le", o, o + tam - 2));
      }
      setor = await proximo(setor);
    }
    return nomes;
  } finally {
    await fh.close();
  }
}

async function tipoOle(caminho: string): Promise<"doc" | "xls" | null> {
  const nomes = await nomesOle(caminho);
  if (nomes.includes("WordDocument")) return "doc";
  if (nomes.includes("Workbook") || nomes.includes("Book")) return "xls";
  return null;
}

/** Valid UTF-8 (a BOM allowed) without NUL bytes, read as a stream. */
async function textoUtf8(caminho: string): Promise<boolean> {
  const decodificador = new TextDecoder("utf-8", { fatal: true });
  try {
    for await (const pedaco of createReadStream(caminho)) {
      const b = pedaco as Buffer;
      if (b.includes(0)) return false;
      decodificador.decode(b, { stream: true });
    }
    decodificador.decode();
    return true;
  } catch {
    return false;
  }
}
