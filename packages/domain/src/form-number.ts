/**
 * The numbers a form or a query string sends, read strictly (decision 1602): a finite JS number, or a string of
 * digits with an optional sign and decimal part after a point or a pt-BR comma ("2", "-3", "0.7", "0,7").
 * Everything else — null, false, "", "  ", "1e3", "0x10", arrays, objects — is not a number here, where
 * `Number(v)` (and so `z.coerce.number()`) would turn null, false, "" and [] into 0. Zod-free: /leads reads its URL
 * filter with it before its first paint (leads-filter.ts).
 */
const NUMERO_DE_FORMULARIO = /^[-+]?\d+([.,]\d+)?$/;

export function lerNumeroDeFormulario(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v !== "string") return undefined;
  const s = v.trim();
  return NUMERO_DE_FORMULARIO.test(s) ? Number(s.replace(",", ".")) : undefined;
}
