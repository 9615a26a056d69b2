import { formatarInteiro } from "./format";

/**
 * pt-BR number agreement, once for the whole product: only 1 (and −1) takes the singular — '0 leads', '1 lead',
 * '2 leads'. Every count shown next to a noun goes through here, so no screen writes '1 administradores' or
 * 'documento(s)' again.
 */
export const flexionar = (n: number, singular: string, plural: string): string => (Math.abs(n) === 1 ? singular : plural);

/** The count (thousands separated: 1.234) and its noun in the right number: contar(1, "lead", "leads") → '1 lead'. */
export const contar = (n: number, singular: string, plural: string): string =>
  `${formatarInteiro(n)} ${flexionar(n, singular, plural)}`;
