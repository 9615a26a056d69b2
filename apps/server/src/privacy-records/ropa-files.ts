import { createRequire } from "node:module";
import { formatarDataHora } from "@crm/domain/format";
import type { TConteudoRopa } from "@crm/domain/privacy-records";

/**
 * The ROPA version as files (decision 1872), laid out in the field groups of ANPD's ROPA model for small agents
 * (identification of the agent and the encarregado; then, per processing operation: purpose, legal basis, titulares,
 * personal data, sharing, international transfer, retention, security measures), with the date of this version and
 * of every earlier one.
 */

/** DejaVu Sans, embedded as in the Pré-laudo (decision 1653): pt-BR accents and the symbols print as written. */
const fonte = (arquivo: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${arquivo}`);

const naoInformado = (v: string | null | undefined) => (v?.trim() ? v : "não informado");
const cnpj = (v: string | null) => (v ? v.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, "$1.$2.$3/$4-$5") : "não informado");

/** The agent's identification lines, shared by both files. */
function identificacao(r: TConteudoRopa): [string, string][] {
  return [
    ["Controlador", r.controlador.nome],
    ["CNPJ", cnpj(r.controlador.cnpj)],
    ["Endereço", naoInformado(r.controlador.endereco)],
    ["Atividade", naoInformado(r.controlador.atividade)],
    ["Responsável", naoInformado(r.controlador.responsavel)],
    ["E-mail do controlador", naoInformado(r.controlador.email)],
    ["Encarregado (DPO)", naoInformado(r.encarregado.nome)],
    ["E-mail do encarregado", naoInformado(r.encarregado.email)],
    ["Telefone do encarregado", naoInformado(r.encarregado.telefone)],
    ["Versão", `${r.versao}, de ${formatarDataHora(r.geradaEm)}`],
    ["Histórico de versões", r.historico.map((h) => `v${h.versao} (${formatarDataHora(h.geradaEm)})`).join("; ")],
  ];
}

/** The columns of the operations' sheet/table: ANPD's model's fields, in its order. */
const CAMPOS_OPERACAO = [
  "Operação de tratamento",
  "Finalidade",
  "Base legal",
  "Titulares",
  "Categorias de dados",
  "Dados pessoais (tabela.coluna)",
  "Compartilhamento",
  "Transferência internacional",
  "Prazo de retenção",
  "Medidas de segurança",
] as const;

function linhaDaOperacao(r: TConteudoRopa, o: TConteudoRopa["operacoes"][number]): string[] {
  return [
    o.titulo,
    o.finalidade,
    o.bases.join("; "),
    o.titulares,
    o.categorias.join(", ") + (o.textoLivre ? " (campos de texto livre podem conter dados sensíveis que o titular escreva)" : ""),
    o.dados.join(", "),
    o.compartilhamento,
    r.transferenciaInternacional,
    o.retencao,
    r.medidasSeguranca.join(" "),
  ];
}

export async function ropaEmPdf(r: TConteudoRopa): Promise<Buffer> {
  // loaded on the first document, as the Pré-laudo does (decision 1753): pdfkit costs every start otherwise
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    font: fonte("DejaVuSans.ttf"),
    info: {
      Title: `Registro das operações de tratamento — ${r.controlador.nome} — versão ${r.versao}`,
      Author: r.controlador.nome,
    },
  });
  doc.registerFont("Texto", fonte("DejaVuSans.ttf")).registerFont("Negrito", fonte("DejaVuSans-Bold.ttf"));
  const partes: Buffer[] = [];
  doc.on("data", (b: Buffer) => partes.push(b));
  const pronto = new Promise<Buffer>((ok, erro) => {
    doc.on("end", () => ok(Buffer.concat(partes)));
    doc.on("error", erro);
  });
  const linha = (rotulo: string, v: string) =>
    doc.font("Negrito").fontSize(9).text(`${rotulo}: `, { continued: true }).font("Texto").text(v);

  doc.font("Negrito").fontSize(16).text("Registro das operações de tratamento de dados pessoais");
  doc
    .font("Texto")
    .fontSize(9)
    .fillColor("#334155")
    .text("LGPD (Lei 13.709/2018), art. 37 — no modelo de registro simplificado da ANPD")
    .fillColor("black")
    .moveDown(0.6);
  for (const [k, v] of identificacao(r)) linha(k, v);
  r.operacoes.forEach((o, i) => {
    doc
      .moveDown(0.8)
      .font("Negrito")
      .fontSize(11)
      .text(`${i + 1}. ${o.titulo}`)
      .moveDown(0.2);
    const valores = linhaDaOperacao(r, o);
    CAMPOS_OPERACAO.forEach((campo, j) => {
      if (j > 0) linha(campo, valores[j]);
    });
  });
  doc.end();
  return pronto;
}

export async function ropaEmXlsx(r: TConteudoRopa): Promise<Buffer> {
  // loaded lazily, as the leads' export does: exceljs is ~1 s of every start otherwise
  const { default: ExcelJS } = await import("exceljs");
  const livro = new ExcelJS.Workbook();
  livro.creator = r.controlador.nome;
  livro.created = new Date(r.geradaEm);
  const ident = livro.addWorksheet("Identificação");
  ident.columns = [
    { header: "Campo", key: "campo", width: 28 },
    { header: "Valor", key: "valor", width: 90 },
  ];
  for (const [campo, valor] of identificacao(r)) ident.addRow({ campo, valor });
  const ops = livro.addWorksheet("Operações");
  ops.columns = CAMPOS_OPERACAO.map((c, i) => ({ header: c, key: `c${i}`, width: i === 5 ? 70 : 36 }));
  for (const o of r.operacoes) ops.addRow(linhaDaOperacao(r, o));
  for (const planilha of [ident, ops]) {
    planilha.getRow(1).font = { bold: true };
    planilha.eachRow((row) => {
      row.alignment = { wrapText: true, vertical: "top" };
    });
  }
  const versoes = livro.addWorksheet("Versões");
  versoes.columns = [
    { header: "Versão", key: "versao", width: 10 },
    { header: "Gerada em", key: "data", width: 24 },
  ];
  versoes.getRow(1).font = { bold: true };
  for (const h of r.historico) versoes.addRow({ versao: h.versao, data: formatarDataHora(h.geradaEm) });
  return Buffer.from(await livro.xlsx.writeBuffer());
}
