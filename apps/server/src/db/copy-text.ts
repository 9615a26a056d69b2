/**
 * PostgreSQL's COPY text format (the default of `COPY … FROM STDIN`): one line per row, tab between columns, `\N` for
 * null, and backslash, tab, newline and carriage return escaped inside a value. Written by hand: it is four
 * replacements, and every writer of COPY streams (the lead import, its bench) uses this one.
 */
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
const ESPECIAIS = /[\\\t\n\r]/;
const ESPECIAIS_TODOS = /[\\\t\n\r]/g;

/** One value: null and undefined are `\N`; anything else its text, escaped (most values have nothing to escape). */
export function campoCopy(v: unknown): string {
  if (v === null || v === undefined) return "\\N";
  if (typeof v === "number") return String(v);
  const s = String(v);
  return ESPECIAIS.test(s) ? s.replace(ESPECIAIS_TODOS, (c) => ESCAPES[c]) : s;
}

/** One row, with its newline. */
export function linhaCopy(valores: readonly unknown[]): string {
  let linha = campoCopy(valores[0]);
  for (let i = 1; i < valores.length; i++) linha += `\t${campoCopy(valores[i])}`;
  return `${linha}\n`;
}

/**
 * Rows written straight into one growing buffer: a file of 155k rows kept as 155k strings, then joined, then encoded,
 * spent most of its time in the garbage collector.
 */
export function escritorCopy(tamanhoInicial: number) {
  let buf = Buffer.allocUnsafe(Math.max(1024, tamanhoInicial));
  let usados = 0;
  return {
    /** one row's text, already in COPY's format with its newline */
    escrever(linha: string): void {
      if (usados + linha.length * 3 > buf.length) {
        const maior = Buffer.allocUnsafe(Math.max(buf.length * 2, usados + linha.length * 3));
        buf.copy(maior, 0, 0, usados);
        buf = maior;
      }
      usados += buf.write(linha, usados);
    },
    conteudo: (): Buffer => buf.subarray(0, usados),
  };
}
