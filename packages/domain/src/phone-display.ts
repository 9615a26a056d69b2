import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import { canonicoArmazenado } from "./phone";

/**
 * A phone as people read it: '(11) 97000-2222' (mobile), '(11) 3456-7890' (landline), '+1 415 555 2671' (foreign).
 * Stored canonical digits or anything typed; what is not a phone is shown as it is.
 */
export function formatarTelefone(t: string | null | undefined): string {
  if (!t) return "";
  const n = canonicoArmazenado(t);
  if (!n) return t.trim();
  if (n.startsWith("55")) {
    const m = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(n) as RegExpExecArray;
    return `(${m[1]}) ${m[2]}-${m[3]}`;
  }
  // a foreign number grouped as its country writes it (libphonenumber, decision 1744; in a module of its own, so
  // that only the screens that show phones load its metadata); one the metadata cannot
  // group without changing its digits is shown whole
  const texto = parsePhoneNumberFromString(`+${n}`)?.formatInternational();
  return texto?.replace(/\D/g, "") === n ? texto : `+${n}`;
}
