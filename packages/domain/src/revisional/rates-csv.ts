import { detectarSeparadorCsv, lerArquivoCsv } from "../csv-records";
import { faixaTexto, serieDoCodigo } from "./series";
import type { TValorSerie } from "./sgs";

export type TImportacaoTaxas = { ok: true; valores: TValorSerie[] } | { ok: false; erros: string[] };

const MAX_LINHAS = 5000;
const normalizar = (h: string) =>
  h
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/^"|"$/g, "");

/**
 * A CSV of monthly rates, as the SGS itself exports a series (`formato=csv`: `"data";"valor"`, dd/MM/aaaa and a
 * decimal comma) for the series chosen on the screen, or with a `codigo` column to carry several series. Dates
 * may also be mm/aaaa or aaaa-mm. Values are in the series' unit, as SGS publishes it (% a.m., or % a.a. for
 * imobiliário's 20772), and checked against its range in that unit. All or nothing: any bad line refuses the file, each error with its line.
 */
export function lerCsvTaxas(texto: string, codigoPadrao: number | null): TImportacaoTaxas {
  const separador = detectarSeparadorCsv(texto, ["data", "valor"], normalizar);
  const arq = lerArquivoCsv(texto, { separador, normalizar, maxRegistros: MAX_LINHAS + 1 });
  if (arq.indices.data === undefined || arq.indices.valor === undefined)
    return { ok: false, erros: ["Cabeçalhos obrigatórios ausentes: data, valor"] };
  if (arq.registros.length > MAX_LINHAS) return { ok: false, erros: [`O arquivo passa de ${MAX_LINHAS} linhas.`] };
  if (!arq.registros.length) return { ok: false, erros: ["O arquivo não tem linhas de dados."] };
  const erros: string[] = [];
  const valores: TValorSerie[] = [];
  for (const r of arq.registros) {
    const cel = (k: string) => (arq.indices[k] === undefined ? "" : (r.celulas[arq.indices[k]] ?? "").trim());
    const codigo = cel("codigo") ? Number(cel("codigo")) : codigoPadrao;
    const serie = codigo === null ? undefined : serieDoCodigo(codigo);
    if (!serie) {
      erros.push(`Linha ${r.linha}: série desconhecida${codigo === null ? "" : ` (${codigo})`}.`);
      continue;
    }
    const competencia = lerCompetencia(cel("data"));
    if (!competencia) {
      erros.push(`Linha ${r.linha}: data inválida '${cel("data")}'.`);
      continue;
    }
    const texto = cel("valor").replace(",", ".");
    const taxa = /^\d+(\.\d+)?$/.test(texto) ? Number(texto) : Number.NaN;
    if (Number.isNaN(taxa) || taxa < serie.faixaPlausivel[0] || taxa > serie.faixaPlausivel[1]) {
      erros.push(
        `Linha ${r.linha}: valor '${cel("valor")}' fora da faixa plausível da série ${serie.codigo} (${faixaTexto(serie.faixaPlausivel)}${serie.unidade}).`,
      );
      continue;
    }
    valores.push({ codigo: serie.codigo, competencia, taxa });
  }
  return erros.length ? { ok: false, erros: erros.slice(0, 20) } : { ok: true, valores };
}

/** dd/MM/aaaa (day 01, as SGS dates months), mm/aaaa or aaaa-mm[-01] → aaaa-mm-01. */
function lerCompetencia(s: string): string | null {
  let m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s);
  if (m) return m[1] === "01" && Number(m[2]) >= 1 && Number(m[2]) <= 12 ? `${m[3]}-${m[2]}-01` : null;
  m = /^(\d{2})\/(\d{4})$/.exec(s);
  if (m) return Number(m[1]) >= 1 && Number(m[1]) <= 12 ? `${m[2]}-${m[1]}-01` : null;
  m = /^(\d{4})-(\d{2})(-01)?$/.exec(s);
  if (m) return Number(m[2]) >= 1 && Number(m[2]) <= 12 ? `${m[1]}-${m[2]}-01` : null;
  return null;
}
