import { detectarSeparadorCsv, lerArquivoCsv } from "./csv-records";
import { LIMITE_ERROS_LISTADOS, normalizarCabecalho } from "./leads-csv";
import { lerValorBRL } from "./leads-money";
import {
  lerDataBR,
  lerInteiroCusto,
  lerPlataforma,
  metricasCusto,
  type TPlataformaMarketing,
  VALOR_GASTO_MAXIMO,
} from "./marketing";
import { MSG } from "./messages";

/**
 * The cost CSV import of /marketing: the form's columns, written as a person keeping a spreadsheet would
 * (`;` or `,`, BOM, quotes, CRLF, pt-BR money and dates, headers with accents and capitals), checked line by line
 * with the form's rules. The file's bytes are decoded by leads-csv's `decodificarCsv` (UTF-8 or Excel's Windows-1252).
 */

export const NOME_MODELO_CSV_CUSTOS = "modelo_custos_marketing.csv";
export const COLUNAS_CSV_CUSTOS = [
  "data_custo",
  "plataforma",
  "valor_gasto",
  "campanhas_ativas",
  "impressoes",
  "cliques",
  "id_conta_anuncio",
  "campanha",
  "id_anuncio",
] as const;
export const COLUNAS_OBRIGATORIAS_CSV_CUSTOS = ["data_custo", "plataforma", "valor_gasto"] as const;
/** One file holds at most this many cost lines (a year of five platforms a day is 1,825). */
export const MAX_LINHAS_CSV_CUSTOS = 10_000;

/** Headers people write for the same column (after normalizarCabecalho: lower case, no accents, `_`). */
const SINONIMOS: Record<string, (typeof COLUNAS_CSV_CUSTOS)[number]> = {
  data: "data_custo",
  dia: "data_custo",
  data_do_custo: "data_custo",
  plataforma: "plataforma",
  canal: "plataforma",
  valor: "valor_gasto",
  valor_gasto: "valor_gasto",
  gasto: "valor_gasto",
  gasto_total: "valor_gasto",
  campanhas: "campanhas_ativas",
  campanhas_ativas: "campanhas_ativas",
  impressoes: "impressoes",
  cliques: "cliques",
  conta: "id_conta_anuncio",
  conta_de_anuncio: "id_conta_anuncio",
  conta_anuncio: "id_conta_anuncio",
  id_conta_anuncio: "id_conta_anuncio",
  campanha: "campanha",
  nome_da_campanha: "campanha",
  campaign: "campanha",
  anuncio: "id_anuncio",
  id_anuncio: "id_anuncio",
  id_do_anuncio: "id_anuncio",
  anuncio_id: "id_anuncio",
  ad_id: "id_anuncio",
};

/** 'Valor Gasto (R$)', 'Impressões', 'DATA' → the column it names, or the header as normalized. */
function colunaDe(h: string): string {
  const n = normalizarCabecalho(h)
    .replace(/\(.*?\)/g, "")
    .replace(/[^a-z0-9_]/g, "")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "");
  return SINONIMOS[n] ?? n;
}

export function conteudoModeloCsvCustos(): string {
  const exemplo = [
    "31/01/2026",
    "Facebook",
    "1.250,90",
    "3",
    "85.000",
    "1.700",
    "act_123456",
    "Revisão de juros - Veículos",
    "120210000000000001",
  ];
  return `${COLUNAS_CSV_CUSTOS.join(";")}\r\n${exemplo.join(";")}\r\n`;
}

export type TCustoCsv = {
  linha: number;
  data_custo: string;
  plataforma: TPlataformaMarketing;
  valor_gasto: number;
  campanhas_ativas: number;
  impressoes: number;
  cliques: number;
  id_conta_anuncio: string | null;
  /** the campaign and the ad the cost paid for (decision 1213), when the spreadsheet names them */
  campanha: string | null;
  id_anuncio: string | null;
  ctr: number;
  cpc: number;
  cpm: number;
};

export type TAnaliseCsvCustos = {
  /** a problem with the whole file: nothing else was checked */
  erroArquivo: string | null;
  custos: TCustoCsv[];
  erros: { linha: number; mensagem: string }[];
  totalErros: number;
  totalLinhas: number;
};

/** The same cost twice: same day, platform, ad account, campaign and ad. */
export const chaveCusto = (c: {
  data_custo: string;
  plataforma: string;
  id_conta_anuncio: string | null;
  campanha?: string | null;
  id_anuncio?: string | null;
}) => `${c.data_custo}|${c.plataforma}|${c.id_conta_anuncio ?? ""}|${c.campanha ?? ""}|${c.id_anuncio ?? ""}`;

function validarLinha(cells: string[], idx: Record<string, number>, linha: number): TCustoCsv | string {
  const campo = (nome: string) => (idx[nome] === undefined ? "" : (cells[idx[nome]] ?? "").trim());
  const erro = (d: string) => MSG.linhaComErro(linha, d);
  const dataTexto = campo("data_custo");
  const plataformaTexto = campo("plataforma");
  const valorTexto = campo("valor_gasto");
  if (!dataTexto) return erro(MSG.dataCustoObrigatoria);
  const data = lerDataBR(dataTexto);
  if (!data) return erro(MSG.csvDataInvalida(dataTexto));
  if (!plataformaTexto) return erro(MSG.plataformaObrigatoria);
  const plataforma = lerPlataforma(plataformaTexto);
  if (!plataforma) return erro(MSG.csvPlataformaInvalida(plataformaTexto));
  if (!valorTexto) return erro(MSG.valorGastoObrigatorio);
  const valor = lerValorBRL(valorTexto);
  if (valor === null) return erro(MSG.csvValorInvalido("valor_gasto", valorTexto));
  if (valor <= 0) return erro(MSG.valorGastoMaiorQueZero);
  if (valor > VALOR_GASTO_MAXIMO) return erro(MSG.valorGastoMaximo);
  const inteiros = {
    campanhas_ativas: lerInteiroCusto(campo("campanhas_ativas")),
    impressoes: lerInteiroCusto(campo("impressoes")),
    cliques: lerInteiroCusto(campo("cliques")),
  };
  for (const [nome, n] of Object.entries(inteiros)) if (n === null) return erro(`${nome}: ${MSG.numeroMuitoGrande}`);
  const { campanhas_ativas, impressoes, cliques } = inteiros as Record<keyof typeof inteiros, number>;
  if (impressoes > 0 && cliques > impressoes) return erro(MSG.cliquesMaioresQueImpressoes);
  const conta = campo("id_conta_anuncio");
  if (conta.length > 100) return erro(MSG.contaAnuncioLonga);
  const campanha = campo("campanha");
  if (campanha.length > 200) return erro(MSG.campanhaLonga);
  const anuncio = campo("id_anuncio");
  if (anuncio.length > 200) return erro(MSG.anuncioLongo);
  return {
    linha,
    data_custo: data,
    plataforma,
    valor_gasto: valor,
    campanhas_ativas,
    impressoes,
    cliques,
    id_conta_anuncio: conta || null,
    campanha: campanha || null,
    id_anuncio: anuncio || null,
    ...metricasCusto(valor, impressoes, cliques),
  };
}

/** Parses and checks the whole file (pure); the server then compares with the company's stored costs. */
export function analisarCsvCustos(texto: string): TAnaliseCsvCustos {
  const r: TAnaliseCsvCustos = { erroArquivo: null, custos: [], erros: [], totalErros: 0, totalLinhas: 0 };
  if (!texto.trim()) return { ...r, erroArquivo: MSG.csvVazio };
  const separador = detectarSeparadorCsv(texto, COLUNAS_OBRIGATORIAS_CSV_CUSTOS, colunaDe);
  // the header, the lines allowed and one more to know the file is too long: the rest is never parsed
  const { indices: idx, registros } = lerArquivoCsv(texto, {
    separador,
    normalizar: colunaDe,
    maxRegistros: MAX_LINHAS_CSV_CUSTOS + 1,
  });
  const faltando = COLUNAS_OBRIGATORIAS_CSV_CUSTOS.filter((c) => idx[c] === undefined);
  if (faltando.length) return { ...r, erroArquivo: MSG.cabecalhosObrigatoriosAusentes([...faltando]) };

  const vistos = new Map<string, number>();
  const anotar = (linha: number, mensagem: string) => {
    r.totalErros++;
    if (r.erros.length < LIMITE_ERROS_LISTADOS) r.erros.push({ linha, mensagem });
  };
  for (const { linha: inicio, celulas: cells, aspasAbertas } of registros) {
    r.totalLinhas++;
    if (r.totalLinhas > MAX_LINHAS_CSV_CUSTOS) return { ...r, erroArquivo: MSG.csvCustosMuitasLinhas(MAX_LINHAS_CSV_CUSTOS) };
    if (aspasAbertas) {
      anotar(inicio, MSG.linhaComErro(inicio, MSG.csvAspasNaoFechadas));
      continue;
    }
    const custo = validarLinha(cells, idx, inicio);
    if (typeof custo === "string") {
      anotar(inicio, custo);
      continue;
    }
    const chave = chaveCusto(custo);
    const anterior = vistos.get(chave);
    if (anterior !== undefined) {
      anotar(inicio, MSG.linhaComErro(inicio, MSG.csvCustoRepetido(anterior)));
      continue;
    }
    vistos.set(chave, inicio);
    r.custos.push(custo);
  }
  if (r.totalLinhas === 0) return { ...r, erroArquivo: MSG.csvCustosSemLinhas };
  return r;
}
