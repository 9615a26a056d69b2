import { detectarSeparadorCsv, lerArquivoCsv } from "./csv-records";
import { lerValorBRL } from "./leads-money";
import { MSG } from "./messages";
import { normalizarTelefone } from "./phone";
import { MSG_CONTRATO } from "./schemas/revisional";
import { TIPOS_FINANCIAMENTO } from "./status";

/**
 * The CSV lead import (001 §5 'CSV import'), one set of rules for the browser's preview and the server's import:
 * a real CSV parser (quotes, commas and line breaks inside quotes, `,` or `;`, CRLF), UTF-8 with or without BOM
 * or the Windows-1252 (Latin-1) files Excel saves, pt-BR money, and 'Linha N' errors where N is the line of the
 * file where the record starts (the header is line 1).
 */

export type TTipoFinanciamento = (typeof TIPOS_FINANCIAMENTO)[number];

export const NOME_MODELO_CSV = "template_leads_revisional.csv";
export const COLUNAS_MODELO_CSV = [
  "nome",
  "telefone",
  "tipo_financiamento",
  "valor_total_financiado",
  "valor_parcela",
  "quantidade_parcelas_pagas",
  "objetivo_cliente",
  // the contract of the revisional pre-analysis (decision 1403): optional, at the end so older files keep their meaning
  "quantidade_parcelas",
  "data_contrato",
  "banco",
  "taxa_mensal",
] as const;
export const COLUNAS_OBRIGATORIAS_CSV = [
  "nome",
  "telefone",
  "tipo_financiamento",
  "valor_total_financiado",
  "valor_parcela",
] as const;
/** 001 §9: CSV files up to 16MB. */
export const TAMANHO_MAXIMO_CSV = 16 * 1024 * 1024;
/** Errors listed back to the person; the total is always given. */
export const LIMITE_ERROS_LISTADOS = 200;
export const LINHAS_AMOSTRA_CSV = 5;
const MAX_NOME = 200;
const MAX_TEXTO = 2000;

/** The template: the header and one example line, `;`-separated so Excel in pt-BR opens it in columns. */
export function conteudoModeloCsv(): string {
  const exemplo = [
    "Maria da Silva",
    "(11) 98765-4321",
    "Carro",
    "45.000,00",
    "1.250,90",
    "12",
    "Reduzir o valor das parcelas",
    "48",
    "15/03/2024",
    "Banco Exemplo",
    "2,35",
  ];
  return `${COLUNAS_MODELO_CSV.join(";")}\r\n${exemplo.join(";")}\r\n`;
}

export type TLeadCsv = {
  linha: number;
  nome: string;
  telefone: string;
  telefone_normalizado: string;
  email: string | null;
  tipo_financiamento: TTipoFinanciamento | null;
  valor_contrato: number;
  valor_parcela: number | null;
  quantidade_parcelas_pagas: number | null;
  objetivo_cliente: string | null;
  quantidade_parcelas: number | null;
  data_contrato: string | null;
  banco: string | null;
  taxa_informada_mensal: number | null;
};
export type TErroLinhaCsv = { linha: number; mensagem: string };
export type TDuplicadaCsv = { linha: number; telefone: string; linhaOriginal?: number };

export type TAnaliseCsv = {
  /** a problem with the whole file (empty, missing headers, no lines): nothing else was checked */
  erroArquivo: string | null;
  separador: "," | ";";
  /** required headers that are missing */
  faltando: string[];
  /** valid leads, in file order, without repeated phones */
  leads: TLeadCsv[];
  /** the first LIMITE_ERROS_LISTADOS line errors */
  erros: TErroLinhaCsv[];
  totalErros: number;
  /** lines whose phone already appeared higher up in the file */
  duplicadas: TDuplicadaCsv[];
  /** data lines seen (blank lines do not count) */
  totalLinhas: number;
  /** the first data lines as written, by header name, for the preview */
  amostra: { linha: number; campos: Record<string, string> }[];
};

export type TCodificacaoCsv = "utf-8" | "windows-1252" | "utf-16le" | "utf-16be";

/** A binary file (spreadsheet, PDF, image) renamed .csv: NUL bytes never appear in 8-bit or UTF-8 text. */
export function pareceBinario(bytes: Uint8Array): boolean {
  const inicio = bytes.subarray(0, 8192);
  if ((inicio[0] === 0xff && inicio[1] === 0xfe) || (inicio[0] === 0xfe && inicio[1] === 0xff)) return false;
  return inicio.includes(0);
}

/** Text of the file: BOMs honoured, UTF-8 when it is valid UTF-8, otherwise Windows-1252 (Excel's "CSV"). */
export function decodificarCsv(bytes: Uint8Array): { texto: string; codificacao: TCodificacaoCsv } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { texto: new TextDecoder("utf-8").decode(bytes.subarray(3)), codificacao: "utf-8" };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { texto: new TextDecoder("utf-16le").decode(bytes.subarray(2)), codificacao: "utf-16le" };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { texto: new TextDecoder("utf-16be").decode(bytes.subarray(2)), codificacao: "utf-16be" };
  try {
    return { texto: new TextDecoder("utf-8", { fatal: true }).decode(bytes), codificacao: "utf-8" };
  } catch {
    return { texto: new TextDecoder("windows-1252").decode(bytes), codificacao: "windows-1252" };
  }
}

/** Header cells as written by people: "Valor Total Financiado" is valor_total_financiado. */
export function normalizarCabecalho(h: string): string {
  return semAcentos(h.replace(/^\uFEFF/, ""))
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

function semAcentos(s: string): string {
  return s.normalize("NFD").replace(/\p{M}/gu, "");
}

const TIPO_POR_CHAVE = new Map<string, TTipoFinanciamento>(
  TIPOS_FINANCIAMENTO.map((t) => [semAcentos(t).toLowerCase().replace(/\s+/g, " "), t]),
);

/** "credito pessoal", "CARRO" → the canonical financing type, or null. */
export function lerTipoFinanciamento(s: string): TTipoFinanciamento | null {
  return TIPO_POR_CHAVE.get(semAcentos(s).trim().toLowerCase().replace(/\s+/g, " ")) ?? null;
}

type TIndices = Record<string, number>;
const campo = (linha: string[], idx: TIndices, nome: string) => (idx[nome] === undefined ? "" : (linha[idx[nome]] ?? "").trim());
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** One data line → a lead, or the first problem found in it. */
function validarLinha(cells: string[], idx: TIndices, linha: number): TLeadCsv | string {
  const nome = campo(cells, idx, "nome");
  const telefone = campo(cells, idx, "telefone");
  if (!nome || !telefone) return MSG.linhaCamposObrigatorios(linha);
  const erro = (d: string) => MSG.linhaComErro(linha, d);
  if (nome.length > MAX_NOME) return erro(MSG.csvTextoLongo("nome", MAX_NOME));
  const normalizado = normalizarTelefone(telefone);
  if (!normalizado) return erro(MSG.csvTelefoneInvalido(telefone));
  const email = campo(cells, idx, "email");
  if (email && !EMAIL.test(email)) return erro(MSG.emailInvalido);
  const tipoTexto = campo(cells, idx, "tipo_financiamento");
  const tipo = tipoTexto ? lerTipoFinanciamento(tipoTexto) : null;
  if (tipoTexto && !tipo) return erro(MSG.csvTipoInvalido(tipoTexto));
  const totalTexto = campo(cells, idx, "valor_total_financiado");
  const total = totalTexto ? lerValorBRL(totalTexto) : 0;
  if (total === null) return erro(MSG.csvValorInvalido("valor_total_financiado", totalTexto));
  const parcelaTexto = campo(cells, idx, "valor_parcela");
  const parcela = parcelaTexto ? lerValorBRL(parcelaTexto) : null;
  if (parcela === null && parcelaTexto) return erro(MSG.csvValorInvalido("valor_parcela", parcelaTexto));
  if (parcela !== null && parcela <= 0) return erro(MSG.valorParcelaMaiorQueZero);
  const pagasTexto = campo(cells, idx, "quantidade_parcelas_pagas");
  if (pagasTexto && !/^\d{1,6}$/.test(pagasTexto)) return erro(MSG.parcelasPagasPositivo);
  const objetivo = campo(cells, idx, "objetivo_cliente");
  if (objetivo.length > MAX_TEXTO) return erro(MSG.csvTextoLongo("objetivo_cliente", MAX_TEXTO));
  const contrato = lerContratoCsv(cells, idx, pagasTexto ? Number(pagasTexto) : null);
  if (typeof contrato === "string") return erro(contrato);
  return {
    linha,
    nome,
    telefone,
    telefone_normalizado: normalizado,
    email: email ? email.toLowerCase() : null,
    tipo_financiamento: tipo,
    valor_contrato: total,
    valor_parcela: parcela,
    quantidade_parcelas_pagas: pagasTexto ? Number(pagasTexto) : null,
    objetivo_cliente: objetivo || null,
    ...contrato,
  };
}

/** The optional contract columns (decision 1403): term, signing date (dd/mm/aaaa or aaaa-mm-dd), bank, stated % a.m. */
function lerContratoCsv(cells: string[], idx: TIndices, pagas: number | null) {
  const prazoTexto = campo(cells, idx, "quantidade_parcelas");
  const prazo = prazoTexto ? Number(prazoTexto) : null;
  if (prazoTexto && (!/^\d{1,3}$/.test(prazoTexto) || (prazo as number) < 1 || (prazo as number) > 480))
    return MSG_CONTRATO.prazo;
  if (prazo !== null && pagas !== null && pagas > prazo) return MSG_CONTRATO.pagasAcimaDoPrazo;
  const dataTexto = campo(cells, idx, "data_contrato");
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(dataTexto);
  const data = br ? `${br[3]}-${br[2]}-${br[1]}` : dataTexto;
  const dia = new Date(`${data}T12:00:00Z`);
  const diaValido = /^\d{4}-\d{2}-\d{2}$/.test(data) && !Number.isNaN(dia.getTime()) && dia.toISOString().slice(0, 10) === data;
  if (dataTexto && !diaValido) return MSG_CONTRATO.data;
  const banco = campo(cells, idx, "banco");
  if (banco.length > 120) return MSG_CONTRATO.banco;
  const taxaTexto = campo(cells, idx, "taxa_mensal").replace("%", "").replace(",", ".").trim();
  if (taxaTexto && (!/^\d{1,2}(\.\d{1,4})?$/.test(taxaTexto) || Number(taxaTexto) > 30)) return MSG_CONTRATO.taxa;
  return {
    quantidade_parcelas: prazo,
    data_contrato: dataTexto ? data : null,
    banco: banco || null,
    taxa_informada_mensal: taxaTexto ? Number(taxaTexto) : null,
  };
}

/** Parses and checks the whole file. Pure: the server then looks for phones already in the company. */
export function analisarCsv(texto: string): TAnaliseCsv {
  const separador = detectarSeparadorCsv(texto, COLUNAS_OBRIGATORIAS_CSV, normalizarCabecalho);
  const r: TAnaliseCsv = {
    erroArquivo: null,
    separador,
    faltando: [],
    leads: [],
    erros: [],
    totalErros: 0,
    duplicadas: [],
    totalLinhas: 0,
    amostra: [],
  };
  if (!texto.trim()) return { ...r, erroArquivo: MSG.csvVazio };
  const { cabecalho, indices: idx, registros } = lerArquivoCsv(texto, { separador, normalizar: normalizarCabecalho });
  r.faltando = COLUNAS_OBRIGATORIAS_CSV.filter((c) => idx[c] === undefined);
  if (r.faltando.length) return { ...r, erroArquivo: MSG.cabecalhosObrigatoriosAusentes(r.faltando) };

  const vistos = new Map<string, number>();
  const anotarErro = (mensagem: string, linha: number) => {
    r.totalErros++;
    if (r.erros.length < LIMITE_ERROS_LISTADOS) r.erros.push({ linha, mensagem });
  };
  for (const { linha: inicio, celulas: cells, aspasAbertas } of registros) {
    r.totalLinhas++;
    if (r.amostra.length < LINHAS_AMOSTRA_CSV) {
      r.amostra.push({ linha: inicio, campos: Object.fromEntries(cabecalho.map((h, k) => [h, cells[k] ?? ""])) });
    }
    if (aspasAbertas) {
      anotarErro(MSG.linhaComErro(inicio, MSG.csvAspasNaoFechadas), inicio);
      continue;
    }
    const lead = validarLinha(cells, idx, inicio);
    if (typeof lead === "string") {
      anotarErro(lead, inicio);
      continue;
    }
    const anterior = vistos.get(lead.telefone_normalizado);
    if (anterior !== undefined) {
      r.duplicadas.push({ linha: inicio, telefone: lead.telefone, linhaOriginal: anterior });
      continue;
    }
    vistos.set(lead.telefone_normalizado, inicio);
    r.leads.push(lead);
  }
  if (r.totalLinhas === 0) return { ...r, erroArquivo: MSG.csvSemLinhas };
  return r;
}
