/**
 * How many index entries a search's word or digits start in one company, up to the count that decides the search's
 * way (PALAVRA_RARA for /processos' words, TELEFONE_RARO for /leads' phone digits), remembered a while by this
 * instance. Counting costs as much as the rest of the page (~0.5 ms of PostgreSQL for a common word or fragment),
 * and paging, sorting, live refetches and other users repeat the same search. A count only chooses between two ways
 * that give the same rows, so an outdated one can cost time, never a wrong page; and it is a number per company and
 * text, never shown.
 */
const VALIDADE_MS = 10 * 60_000;
const LIMITE = 10_000;
const lembradas = new Map<string, { n: number; ate: number }>();

/** What is counted: a word's search terms (leads_busca) or a phone fragment's suffixes (leads_telefone_busca). */
export type TContado = "palavra" | "telefone";

const chave = (empresaId: string, tipo: TContado, texto: string) => `${empresaId}\u0000${tipo}\u0000${texto}`;

/** The remembered count of each text, or null for one to count. */
export function contagensLembradas(empresaId: string, tipo: TContado, textos: string[], agora = Date.now()): (number | null)[] {
  return textos.map((w) => {
    const c = lembradas.get(chave(empresaId, tipo, w));
    return c && c.ate > agora ? c.n : null;
  });
}

/** Remembers the counts a search's statement gave (one per text, in order). */
export function lembrarContagens(
  empresaId: string,
  tipo: TContado,
  textos: string[],
  contagens: number[],
  agora = Date.now(),
): void {
  textos.forEach((w, k) => {
    const n = contagens[k];
    if (!Number.isInteger(n)) return;
    if (lembradas.size >= LIMITE) lembradas.delete(lembradas.keys().next().value as string);
    lembradas.set(chave(empresaId, tipo, w), { n, ate: agora + VALIDADE_MS });
  });
}
