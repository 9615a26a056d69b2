/**
 * The bell: the 50 newest notifications (000 §9). Outside the zod schemas so the signed-in shell, which only needs
 * this number, does not load zod before its first paint.
 */
export const LIMITE_SINO = 50;
