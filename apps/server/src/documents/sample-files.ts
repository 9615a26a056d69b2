import { deflateSync } from "node:zlib";
import ExcelJS from "exceljs";

// Small real files of every kind a process keeps: the demo seeds them and the tests upload them (one set of
// factories for both). Each is valid for its format, so previews and downloads show something real.

const TABELA_CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(b: Buffer): number {
  let c = 0xffffffff;
  for (const x of b) c = TABELA_CRC[(c ^ x) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Latin-1 text a PDF's standard fonts can draw; anything else becomes '?'. */
const textoPdf = (s: string) =>
  [...s.normalize("NFC")]
    .map((c) => (c.charCodeAt(0) < 256 ? c : "?"))
    .join("")
    .replace(/[\\()]/g, (c) => `\\${c}`);

/** A one-page PDF (Helvetica, A4) with a title and lines of text, with a correct cross-reference table. */
export function gerarPdf(titulo: string, linhas: string[]): Buffer {
  const corpo = [
    "BT /F1 18 Tf 56 780 Td",
    `(${textoPdf(titulo)}) Tj`,
    "/F1 11 Tf 0 -28 Td 15 TL",
    ...linhas.map((l) => `(${textoPdf(l)}) '`),
    "ET",
  ].join("\n");
  const conteudo = Buffer.from(corpo, "latin1");
  const objetos = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${conteudo.length} >>\nstream\n${conteudo.toString("latin1")}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const posicoes: number[] = [];
  objetos.forEach((o, i) => {
    posicoes.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objetos.length + 1}\n0000000000 65535 f \n`;
  for (const p of posicoes) pdf += `${String(p).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objetos.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

/** An RGB PNG of `largura`×`altura`: a document-like page (white, a coloured header band, grey text lines). */
export function gerarPng(largura = 240, altura = 320, cor: [number, number, number] = [29, 78, 216]): Buffer {
  const linhas = Buffer.alloc((largura * 3 + 1) * altura);
  for (let y = 0; y < altura; y++) {
    const base = y * (largura * 3 + 1);
    for (let x = 0; x < largura; x++) {
      const i = base + 1 + x * 3;
      let px: [number, number, number] = [255, 255, 255];
      if (y < altura / 8) px = cor;
      else if (y % 24 < 6 && x > 20 && x < largura - 20 - ((y * 7) % 60)) px = [180, 186, 196];
      linhas[i] = px[0];
      linhas[i + 1] = px[1];
      linhas[i + 2] = px[2];
    }
  }
  const bloco = (tipo: string, dados: Buffer) => {
    const t = Buffer.from(tipo, "latin1");
    const tam = Buffer.alloc(4);
    tam.writeUInt32BE(dados.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([t, dados])));
    return Buffer.concat([tam, t, dados, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(largura, 0);
  ihdr.writeUInt32BE(altura, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    bloco("IHDR", ihdr),
    bloco("IDAT", deflateSync(linhas)),
    bloco("IEND", Buffer.alloc(0)),
  ]);
}

/** A UTF-8 text file. */
export const gerarTxt = (linhas: string[]) => Buffer.from(`${linhas.join("\n")}\n`, "utf8");

/** A small XLSX (exceljs): a sheet with a header row and the given rows. */
export async function gerarXlsx(aba: string, cabecalho: string[], linhas: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(aba);
  ws.addRow(cabecalho).font = { bold: true };
  for (const l of linhas) ws.addRow(l);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A ZIP of stored (uncompressed) entries: enough for an Office Open XML package. */
function zip(entradas: { nome: string; dados: Buffer }[]): Buffer {
  const locais: Buffer[] = [];
  const centrais: Buffer[] = [];
  let pos = 0;
  for (const e of entradas) {
    const nome = Buffer.from(e.nome, "utf8");
    const crc = crc32(e.dados);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(e.dados.length, 18);
    local.writeUInt32LE(e.dados.length, 22);
    local.writeUInt16LE(nome.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(e.dados.length, 20);
    central.writeUInt32LE(e.dados.length, 24);
    central.writeUInt16LE(nome.length, 28);
    central.writeUInt32LE(pos, 42);
    locais.push(local, nome, e.dados);
    centrais.push(central, nome);
    pos += 30 + nome.length + e.dados.length;
  }
  const dir = Buffer.concat(centrais);
  const fim = Buffer.alloc(22);
  fim.writeUInt32LE(0x06054b50, 0);
  fim.writeUInt16LE(entradas.length, 8);
  fim.writeUInt16LE(entradas.length, 10);
  fim.writeUInt32LE(dir.length, 12);
  fim.writeUInt32LE(pos, 16);
  return Buffer.concat([...locais, dir, fim]);
}

const xml = (s: string) => s.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c] as string);

/** A minimal valid DOCX (Word opens it): one paragraph per line. */
export function gerarDocx(paragrafos: string[]): Buffer {
  const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
  return zip([
    {
      nome: "[Content_Types].xml",
      dados: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
      ),
    },
    {
      nome: "_rels/.rels",
      dados: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
      ),
    },
    {
      nome: "word/document.xml",
      dados: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${paragrafos
          .map((p) => `<w:p><w:r><w:t xml:space="preserve">${xml(p)}</w:t></w:r></w:p>`)
          .join("")}</w:body></w:document>`,
      ),
    },
  ]);
}

/**
 * An OLE2 compound file (the container of .doc and .xls) whose directory holds `fluxo` ("WordDocument" for Word
 * 97–2003, "Workbook" for Excel): 512-byte sectors, one FAT sector, one directory sector, no stream data.
 */
export function gerarOle(fluxo: string): Buffer {
  const cab = Buffer.alloc(512);
  Buffer.from("d0cf11e0a1b11ae1", "hex").copy(cab, 0);
  cab.writeUInt16LE(0x3e, 0x18);
  cab.writeUInt16LE(3, 0x1a);
  cab.writeUInt16LE(0xfffe, 0x1c);
  cab.writeUInt16LE(9, 0x1e);
  cab.writeUInt16LE(6, 0x20);
  cab.writeUInt32LE(1, 0x2c); // one FAT sector
  cab.writeUInt32LE(1, 0x30); // directory at sector 1
  cab.writeUInt32LE(0x1000, 0x38);
  cab.writeUInt32LE(0xfffffffe, 0x3c);
  cab.writeUInt32LE(0xfffffffe, 0x44);
  for (let i = 0; i < 109; i++) cab.writeUInt32LE(0xffffffff, 0x4c + i * 4);
  cab.writeUInt32LE(0, 0x4c); // the FAT is sector 0
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0: FAT
  fat.writeUInt32LE(0xfffffffe, 4); // sector 1: end of the directory chain
  const dir = Buffer.alloc(512);
  const entrada = (i: number, nome: string, tipo: number, filho: number) => {
    const o = i * 128;
    dir.write(nome, o, "utf16le");
    dir.writeUInt16LE((nome.length + 1) * 2, o + 64);
    dir[o + 66] = tipo;
    dir[o + 67] = 1;
    dir.writeUInt32LE(0xffffffff, o + 68);
    dir.writeUInt32LE(0xffffffff, o + 72);
    dir.writeUInt32LE(filho, o + 76);
    dir.writeUInt32LE(0xfffffffe, o + 116);
  };
  entrada(0, "Root Entry", 5, 1);
  entrada(1, fluxo, 2, 0xffffffff);
  return Buffer.concat([cab, fat, dir]);
}
