/**
 * One phone identity for webhooks, imports and search (ARCHITECTURE §6):
 * digits only, country code 55, and Brazilian mobiles with or without the ninth digit are one contact
 * (the canonical form always carries the 9).
 */
export function normalizarTelefone(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let d = raw.replace(/\D/g, "");
  if (!d) return null;
  d = d.replace(/^0+/, "");
  // national numbers: 10 digits (landline or old mobile) or 11 (mobile with 9)
  if (d.length === 10 || d.length === 11) d = `55${d}`;
  if (d.startsWith("55") && d.length === 12) {
    const ddd = d.slice(2, 4);
    const local = d.slice(4);
    // an 8-digit local number starting 6-9 is a mobile missing its ninth digit
    if (/^[6-9]/.test(local)) d = `55${ddd}9${local}`;
  }
  return d;
}

/** The spec's phone cleaning (001 §5): strip non-digits; an 11-digit number gets 55 prepended. */
export function limparTelefone(raw: string): string {
  const d = raw.replace(/\D/g, "");
  return d.length === 11 && !d.startsWith("55") ? `55${d}` : d;
}

/** wa.me link built from the phone digits only (000 §2.12). */
export function linkWhatsApp(telefone: string): string {
  return `https://wa.me/${telefone.replace(/\D/g, "")}`;
}
