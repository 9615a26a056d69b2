import { faixaTexto, serieDoCodigo } from "./series";

/**
 * One month of a series: competencia is the month's first day (yyyy-mm-01), taxa the value as the series publishes
 * it, in its unit (% a.m., or % a.a. for imobiliário: series.ts).
 */
export type TValorSerie = { codigo: number; competencia: string; taxa: number };

/** The SGS API refuses windows longer than 10 years since March 2025 (HTTP 406, 'janela de consulta'). */
export const JANELA_MAXIMA_ANOS = 10;

const DATA_SGS = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** dd/MM/aaaa as SGS writes and reads dates. */
export function dataSgs(iso: string): string {
  const [a, m, d] = iso.slice(0, 10).split("-");
  return `${d}/${m}/${a}`;
}

/**
 * [início, fim] split into windows of at most 10 years (the last day of each window one day before the next
 * one's first), in ISO yyyy-mm-dd, for the SGS API's limit.
 */
export function janelasSgs(inicio: string, fim: string): [string, string][] {
  const janelas: [string, string][] = [];
  let de = inicio;
  while (de <= fim) {
    const [a, m, d] = de.split("-").map(Number);
    const limite = new Date(Date.UTC(a + JANELA_MAXIMA_ANOS, m - 1, d) - 86_400_000).toISOString().slice(0, 10);
    const ate = limite < fim ? limite : fim;
    janelas.push([de, ate]);
    de = new Date(Date.parse(`${ate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  }
  return janelas;
}

export type TLeituraSgs = { ok: true; valores: TValorSerie[] } | { ok: false; erro: string };

/**
 * The body of `GET /dados/serie/bcdata.sgs.{código}/dados?formato=json`: `[{"data":"01/06/2026","valor":"1.85"}]`
 * (valor a string with a dot). Anything else — an HTML firewall page, an error object, a value that is not a
 * number, a date that is not a month's first day, a value outside the series' plausible range — is an error
 * named in pt-BR, and nothing of the answer is used.
 */
export function lerRespostaSgs(codigo: number, corpo: unknown): TLeituraSgs {
  if (!Array.isArray(corpo)) return { ok: false, erro: "Resposta do SGS em formato inesperado." };
  const serie = serieDoCodigo(codigo);
  const valores: TValorSerie[] = [];
  for (const item of corpo) {
    const data = typeof item?.data === "string" ? DATA_SGS.exec(item.data) : null;
    const taxa = typeof item?.valor === "string" && /^-?\d+(\.\d+)?$/.test(item.valor) ? Number(item.valor) : Number.NaN;
    if (data === null || data[1] !== "01" || Number.isNaN(taxa))
      return { ok: false, erro: `Valor inválido na série ${codigo}: ${JSON.stringify(item).slice(0, 80)}` };
    if (serie && (taxa < serie.faixaPlausivel[0] || taxa > serie.faixaPlausivel[1]))
      return {
        ok: false,
        erro: `A série ${codigo} trouxe ${item.valor}${serie.unidade} em ${item.data}, fora da faixa plausível (${faixaTexto(serie.faixaPlausivel)}${serie.unidade}): confira o código da série.`,
      };
    valores.push({ codigo, competencia: `${data[3]}-${data[2]}-01`, taxa });
  }
  return { ok: true, valores };
}
