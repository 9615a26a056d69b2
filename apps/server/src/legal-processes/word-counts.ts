/**
 * How many of a company's search terms each word starts, up to the count that decides a search's way (PALAVRA_RARA),
 * remembered a while by this instance. Counting costs as much as the rest of a search's page (~0.5 ms of PostgreSQL
 * for a common word), and paging, sorting, live refetches and other users repeat the same words. A count only chooses
 * between two ways that give the same rows, so an outdated one can cost time, never a wrong page; and it is a number
 * per company and word, never shown.
 */
const VALIDADE_MS = 10 * 60_000;
const LIMITE = 10_000;
const lembradas = new Map<string, { n: number; ate: number }>();

const chave = (empresaId: string, palavra: string) => `${empresaId}\u0000${palavra}`;

/** The remembered count of each word, or null for one to count. */
export function contagensLembradas(empresaId: string, palavras: string[], agora = Date.now()): (number | null)[] {
  return palavras.map((w) => {
    const c = lembradas.get(chave(empresaId, w));
    return c && c.ate > agora ? c.n : null;
  });
}

/** Remembers the counts a search's statement gave (one per word, in order). */
export function lembrarContagens(empresaId: string, palavras: string[], contagens: number[], agora = Date.now()): void {
  palavras.forEach((w, k) => {
    const n = contagens[k];
    if (!Number.isInteger(n)) return;
    if (lembradas.size >= LIMITE) lembradas.delete(lembradas.keys().next().value as string);
    lembradas.set(chave(empresaId, w), { n, ate: agora + VALIDADE_MS });
  });
}
