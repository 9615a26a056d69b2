import Papa from "papaparse";

/** One data record of a CSV file: the line it starts on (1-based, as a spreadsheet shows it) and its cells. */
export type TRegistroCsv = { linha: number; celulas: string[]; aspasAbertas: boolean };

export type TArquivoCsv = {
  /** the header's cells, normalised */
  cabecalho: string[];
  /** normalised header → first column holding it */
  indices: Record<string, number>;
  /** the data records, blank ones left out, in order */
  registros: TRegistroCsv[];
};

/**
 * The separator of the header line: the one that makes it hold more of the required headers; on a tie, ';' when the
 * line has one (what a pt-BR spreadsheet writes).
 */
export function detectarSeparadorCsv(texto: string, obrigatorias: readonly string[], normalizar: (h: string) => string) {
  const fim = texto.search(/\r\n|\n|\r/);
  const primeira = fim < 0 ? texto : texto.slice(0, fim);
  const acertos = (sep: string) => {
    const campos = (Papa.parse<string[]>(primeira, { delimiter: sep }).data[0] ?? []).map(normalizar);
    return obrigatorias.filter((c) => campos.includes(c)).length;
  };
  const pv = acertos(";");
  const vg = acertos(",");
  if (pv !== vg) return pv > vg ? ";" : ",";
  return primeira.includes(";") ? ";" : ",";
}

/**
 * Parses a CSV (papaparse: quotes, line breaks inside quoted fields) into its header and its non-blank records,
 * each with the line it starts on: one line per record plus the line breaks inside its quoted fields. `maxRegistros`
 * stops parsing after that many records past the header (the rest of a too-long file is never read).
 */
export function lerArquivoCsv(
  texto: string,
  opts: { separador: "," | ";"; normalizar: (h: string) => string; maxRegistros?: number },
): TArquivoCsv {
  const { data, errors } = Papa.parse<string[]>(texto, {
    delimiter: opts.separador,
    skipEmptyLines: false,
    ...(opts.maxRegistros ? { preview: opts.maxRegistros + 1 } : {}),
  });
  const cabecalho = (data[0] ?? []).map(opts.normalizar);
  const indices: Record<string, number> = Object.fromEntries(cabecalho.map((h, i) => [h, i] as const).reverse());
  const semAspas = new Set(errors.filter((e) => e.code === "MissingQuotes").map((e) => e.row));
  const quebra = texto.includes("\n") ? "\n" : "\r";
  const registros: TRegistroCsv[] = [];
  let linha = 1 + quebrasEm(data[0] ?? [], quebra);
  for (let i = 1; i < data.length; i++) {
    const celulas = data[i];
    linha++;
    const inicio = linha;
    linha += quebrasEm(celulas, quebra);
    if (celulas.every((c) => !c.trim())) continue;
    registros.push({ linha: inicio, celulas, aspasAbertas: semAspas.has(i) });
  }
  return { cabecalho, indices, registros };
}

function quebrasEm(cells: string[], quebra: string): number {
  let n = 0;
  for (const c of cells) for (let k = c.indexOf(quebra); k >= 0; k = c.indexOf(quebra, k + 1)) n++;
  return n;
}
