/**
 * One phone identity for every entry path (manual form, CSV import, API, WhatsApp webhooks, invitations, team,
 * seed) and for search (ARCHITECTURE §6, decision 1501). The canonical form is digits only:
 * - Brazilian numbers: 55 + DDD + the local number; mobiles always carry the ninth digit (an 8-digit local number
 *   starting 6–9 is a mobile written without it), landlines (8-digit local numbers starting 2–5) stay landlines;
 * - foreign numbers (typed with + or 00 and a code other than 55): their country code and number, 8 to 15 digits.
 * What cannot be a phone gives null (the forms then show the spec's message).
 * The SQL of migration 0027 (`telefone_canonico`) mirrors this function; a test keeps the two in step.
 */

/**
 * The area codes (DDD) in use in Brazil: those where libphonenumber's Brazilian mobile pattern accepts a number
 * (decision 1744; Google keeps it in step with Anatel's plan). Written out rather than computed at load, so that a
 * page that only normalizes numbers does not download libphonenumber's metadata; phone.test.ts fails when the
 * installed libphonenumber says otherwise.
 */
export const DDDS_BRASIL: ReadonlySet<number> = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 53,
  54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96,
  97, 98, 99,
]);

/** DDD + local number (10 or 11 digits) → canonical 55…, or null. */
function brasileiro(n: string): string | null {
  if (n.length !== 10 && n.length !== 11) return null;
  const ddd = n.slice(0, 2);
  if (!DDDS_BRASIL.has(Number(ddd))) return null;
  const local = n.slice(2);
  if (local.length === 9) return local[0] === "9" ? `55${ddd}${local}` : null;
  if (/^[2-5]/.test(local)) return `55${ddd}${local}`;
  if (/^[6-9]/.test(local)) return `55${ddd}9${local}`;
  return null;
}

/** A number with its country code (digits, no 00): Brazilian ones by the rules above, foreign ones kept. */
function comCodigoDoPais(d: string): string | null {
  if (d.startsWith("55")) return brasileiro(d.slice(2));
  return /^[1-9]\d{7,14}$/.test(d) ? d : null;
}

export type TOpcoesTelefone = {
  /**
   * The digits already carry the country code, as WhatsApp sends them (wa_id, remoteJid) and as stored
   * canonical phones do: '14155552671' is a US number, not a Brazilian one.
   */
  internacional?: boolean;
};

/**
 * The canonical digits of a phone as written by a person ('(11) 97000-2222', '11970002222', '+55 11 7000-2222',
 * '011 97000 2222', '+1 415 555 2671', '0044 20 7946 0958') or as WhatsApp sends it; null when it cannot be a phone.
 * Without + or 00, a number is Brazilian: DDD and number, optionally preceded by 55 or the trunk 0.
 */
export function normalizarTelefone(raw: string | null | undefined, opcoes: TOpcoesTelefone = {}): string | null {
  if (!raw) return null;
  const texto = raw.trim();
  // letters other than a WhatsApp address ('5511…@s.whatsapp.net') are not part of any phone
  const semJid = texto.replace(/@[a-z.]+$/i, "");
  if (/[^\d\s()+\-./]/.test(semJid)) return null;
  const d = semJid.replace(/\D/g, "");
  if (!d || d.length > 17) return null;
  if (semJid.startsWith("+")) return comCodigoDoPais(d);
  if (d.startsWith("00")) return comCodigoDoPais(d.slice(2));
  if (opcoes.internacional) return comCodigoDoPais(d);
  const n = d.replace(/^0/, "");
  if (n.startsWith("55") && (n.length === 12 || n.length === 13)) return brasileiro(n.slice(2));
  return brasileiro(n);
}

/** Canonical digits of a stored phone: digit-only values are canonical already (foreign ones have no +). */
export function canonicoArmazenado(t: string): string | null {
  return normalizarTelefone(t, { internacional: /^\d+$/.test(t.trim()) });
}

/** Whether a person's text is a phone the identity rule accepts. */
export function telefoneValido(t: string): boolean {
  return normalizarTelefone(t) !== null;
}

/** The spec's phone cleaning (001 §5): strip non-digits; an 11-digit number gets 55 prepended. */
export function limparTelefone(raw: string): string {
  const d = raw.replace(/\D/g, "");
  return d.length === 11 && !d.startsWith("55") ? `55${d}` : d;
}

/** wa.me link with the full number, country code included (000 §2.12: digits only). */
export function linkWhatsApp(telefone: string): string {
  return `https://wa.me/${canonicoArmazenado(telefone) ?? telefone.replace(/\D/g, "")}`;
}

/** tel: link with the full number. */
export function linkTelefone(telefone: string): string {
  const n = canonicoArmazenado(telefone);
  return `tel:+${n ?? telefone.replace(/\D/g, "")}`;
}

/**
 * The digit runs to look for when a search text is (part of) a phone, or null: text made only of phone
 * characters with 4 or more digits. Any run of the stored digits matches (decision 1501: 'leads_telefone_busca'
 * holds every suffix, so a run is a prefix of one); a whole number typed in any format is also looked up by its
 * canonical digits ('(11) 7000-2222' finds 5511970002222).
 */
export function trechosTelefoneBusca(q: string): string[] | null {
  if (!/^[\d\s()+\-.]+$/.test(q)) return null;
  const d = q.replace(/\D/g, "");
  if (d.length < 4) return null;
  const trechos = new Set([d.slice(0, 17)]);
  if (d.length >= 10) {
    const n = normalizarTelefone(q);
    if (n) trechos.add(n);
  }
  return [...trechos];
}

/** What a write stores for a phone its schema has accepted: the canonical digits (the text itself if unreadable). */
export function telefoneParaGravar(t: string): string;
export function telefoneParaGravar(t: string | null | undefined): string | null;
export function telefoneParaGravar(t: string | null | undefined): string | null {
  if (t === null || t === undefined) return null;
  return normalizarTelefone(t) ?? t;
}
