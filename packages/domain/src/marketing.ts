import { lerValorBRL } from "./leads-money";
import { PLATAFORMAS_MARKETING } from "./status";

/**
 * Marketing costs (001 'Marketing costs', §3, §5, §7, §9): the platforms and their colours, the metrics the
 * server computes (ctr, cpc, cpm) and the lenient number reading of the form (integers; invalid input becomes 0).
 * One source for the web form, the server routes, the CSV import and the demo seed.
 */

export type TPlataformaMarketing = (typeof PLATAFORMAS_MARKETING)[number];

/** Fixed colours of the platforms (001 §9), each the brand's own; 'Outro' neutral. */
export const COR_PLATAFORMA: Record<TPlataformaMarketing, string> = {
  Facebook: "#1877F2",
  Google: "#EA4335",
  Instagram: "#C13584",
  LinkedIn: "#0A66C2",
  TikTok: "#111827",
  Outro: "#6B7280",
};

/** numeric(14,2) columns of ctr/cpc/cpm hold less than 1e10: a cost line stays below R$ 10 million. */
export const VALOR_GASTO_MAXIMO = 9_999_999.99;
/** int columns: PostgreSQL's int4. */
export const INTEIRO_MAXIMO = 2_147_483_647;

const arredondar4 = (n: number) => Math.round(n * 10_000) / 10_000;

export type TMetricasCusto = { ctr: number; cpc: number; cpm: number };

/**
 * 001 §7: computed on insert and update. CTR = clicks ÷ impressions × 100 (percent); CPC = spend ÷ clicks;
 * CPM = spend ÷ impressions × 1000. Each is 0 without its divisor; rounded to 4 decimals as the columns hold them.
 */
export function metricasCusto(valorGasto: number, impressoes: number, cliques: number): TMetricasCusto {
  return {
    ctr: impressoes > 0 ? arredondar4((cliques / impressoes) * 100) : 0,
    cpc: cliques > 0 ? arredondar4(valorGasto / cliques) : 0,
    cpm: impressoes > 0 ? arredondar4((valorGasto / impressoes) * 1000) : 0,
  };
}

export type TTotaisCustos = { gasto: number; impressoes: number; cliques: number };

/** The summary's averages over a period are ratios of its totals (not averages of the daily ratios). */
export function metricasDosTotais(t: TTotaisCustos): TMetricasCusto {
  return metricasCusto(t.gasto, t.impressoes, t.cliques);
}

const MILHAR = /^\d{1,3}(\.\d{3})+$/;

/**
 * A count as a person types it (001 §5: integers, invalid input becomes 0): '12345' or '12.345' is 12345;
 * empty, letters, decimals or a negative number are 0. Returns null only above int4, which 0 would hide.
 */
export function lerInteiroCusto(v: unknown): number | null {
  let n: number;
  if (typeof v === "number") n = v;
  else if (typeof v === "string") {
    const s = v.replace(/[\s\u00a0]/g, "");
    if (/^\d+$/.test(s)) n = Number(s);
    else if (MILHAR.test(s)) n = Number(s.replace(/\./g, ""));
    else return 0;
  } else return 0;
  if (!Number.isFinite(n) || !Number.isInteger(n) || n < 0) return 0;
  return n > INTEIRO_MAXIMO ? null : n;
}

/** A calendar day 'YYYY-MM-DD' that exists (no 31/02). */
export function diaValido(iso: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return false;
  const [a, mes, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (a < 2000 || a > 2100) return false;
  const data = new Date(Date.UTC(a, mes - 1, d));
  return data.getUTCFullYear() === a && data.getUTCMonth() === mes - 1 && data.getUTCDate() === d;
}

/**
 * A date as spreadsheets in Brazil write it: '31/01/2026', '1/2/2026', '31-01-2026', '31/01/26' or ISO
 * '2026-01-31' (with a time after it, as some exports add). Returns 'YYYY-MM-DD' or null.
 */
export function lerDataBR(texto: string): string | null {
  const s = texto.trim();
  let iso: string | null = null;
  const br = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s);
  const isoM = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s].*)?$/.exec(s);
  if (br) {
    const ano = br[3].length === 2 ? `20${br[3]}` : br[3];
    iso = `${ano}-${br[2].padStart(2, "0")}-${br[1].padStart(2, "0")}`;
  } else if (isoM) {
    iso = `${isoM[1]}-${isoM[2].padStart(2, "0")}-${isoM[3].padStart(2, "0")}`;
  }
  return iso && diaValido(iso) ? iso : null;
}

function semAcentos(s: string): string {
  return s.normalize("NFD").replace(/\p{M}/gu, "");
}

const PLATAFORMA_POR_CHAVE = new Map<string, TPlataformaMarketing>([
  ...PLATAFORMAS_MARKETING.map((p) => [p.toLowerCase(), p] as const),
  ["meta", "Facebook"],
  ["youtube", "Google"],
  ["outros", "Outro"],
  ["outra", "Outro"],
]);

/** 'facebook', 'Facebook Ads', 'GOOGLE ADS', 'Tik Tok' → the canonical platform, or null. */
export function lerPlataforma(texto: string): TPlataformaMarketing | null {
  const chave = semAcentos(texto)
    .trim()
    .toLowerCase()
    .replace(/\s+ads$/, "")
    .replace(/\s+/g, "");
  return PLATAFORMA_POR_CHAVE.get(chave) ?? null;
}

/** The spend as typed: 'R$ 1.234,56', '1234,56', '1234.56'. Null when it is not money. */
export const lerValorGasto = (texto: string): number | null => lerValorBRL(texto);
