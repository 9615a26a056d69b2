/**
 * PostgreSQL's COPY text format (the default of `COPY … FROM STDIN`): one line per row, tab between columns, `\N` for
 * null, and backslash, tab, newline and carriage return escaped inside a value. Written by hand: it is four
 * replacements, and every writer of COPY streams (the lead import, its bench) uses this one.
 */
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** One value: null and undefined are `\N`; anything else its text, escaped. */
export function campoCopy(v: unknown): string {
  if (v === null || v === undefined) return "\\N";
  return String(v).replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]);
}

/** One row, with its newline. */
export function linhaCopy(valores: readonly unknown[]): string {
  return `${valores.map(campoCopy).join("\t")}\n`;
}
