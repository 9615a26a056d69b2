/** The four roles (papel) of spec 000 §1; the only place their names are written. */
export const PAPEIS = ["Admin Plataforma", "Admin Empresa", "Consultor", "Jurídico"] as const;
export type TPapel = (typeof PAPEIS)[number];

export const PAPEL = {
  plataforma: "Admin Plataforma",
  admin: "Admin Empresa",
  consultor: "Consultor",
  juridico: "Jurídico",
} as const satisfies Record<string, TPapel>;

/**
 * The one role of the person who registers a company (000 §2.3 offered three; decision 1652): a company signed up by a
 * Consultor or Jurídico had no administrator, so nobody could run it. Its label as the sign-up form shows it.
 */
export const PAPEL_CADASTRO = { label: "Administrador", papel: PAPEL.admin } as const;

export function isPapel(v: unknown): v is TPapel {
  return typeof v === "string" && (PAPEIS as readonly string[]).includes(v);
}
