/**
 * BRL money as people type it (001 §5): an optional 'R$', dots for thousands and a comma for cents
 * ("R$ 45.000,00", "45000,5", "1.234"). Used by the manual lead form and the CSV import alike.
 */

/** numeric(14,2): at most 12 digits before the comma. */
const MAX_DIGITOS_INTEIROS = 12;
const MILHAR = /^(\d{1,3}(\.\d{3})+|\d+)$/;

/**
 * The value in reais, or null when the text is not a money value (empty, letters, three decimals,
 * misplaced separators, negative). Without a comma, dots are thousands separators ("45.000" is
 * 45000), except a single dot followed by one or two digits ("1234.56", as spreadsheets in English write it).
 */
export function lerValorBRL(texto: string): number | null {
  // the common case of imports, without the regular expressions below
  if (/^\d{1,12}$/.test(texto)) return Number(texto);
  const s = texto.replace(/[\s\u00a0]/g, "").replace(/^R\$/i, "");
  if (!s) return null;
  let inteiro: string;
  let decimal = "";
  if (s.includes(",")) {
    const partes = s.split(",");
    if (partes.length !== 2) return null;
    [inteiro, decimal] = partes;
    if (!/^\d{1,2}$/.test(decimal) || !MILHAR.test(inteiro)) return null;
  } else if (/^\d+\.\d{1,2}$/.test(s)) {
    [inteiro, decimal] = s.split(".");
  } else if (MILHAR.test(s)) {
    inteiro = s;
  } else {
    return null;
  }
  const digitos = inteiro.replace(/\./g, "").replace(/^0+(?=\d)/, "");
  if (digitos.length > MAX_DIGITOS_INTEIROS) return null;
  // integer cents first: no binary rounding surprises
  return (Number(digitos) * 100 + Number(decimal.padEnd(2, "0"))) / 100;
}

/** Only the digits of a count typed by hand (001 §5: paid installments keep digits only). */
export function apenasDigitos(texto: string): string {
  return texto.replace(/\D/g, "");
}

const numeroBR = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "45.000,00": how Excel in pt-BR reads a number from a CSV cell (no currency sign, so it stays a number). */
export function formatarNumeroBR(valor: number | string | null | undefined): string {
  if (valor === null || valor === undefined || valor === "") return "";
  const n = typeof valor === "string" ? Number(valor) : valor;
  return Number.isFinite(n) ? numeroBR.format(n) : "";
}
