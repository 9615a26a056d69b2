/** The four roles (papel) of spec 000 §1; the only place their names are written. */
export const PAPEIS = ["Admin Plataforma", "Admin Empresa", "Consultor", "Jurídico"] as const;
export type TPapel = (typeof PAPEIS)[number];

export const PAPEL = {
  plataforma: "Admin Plataforma",
  admin: "Admin Empresa",
  consultor: "Consultor",
  juridico: "Jurídico",
} as const satisfies Record<string, TPapel>;

/** Roles a company user can pick at sign-up (000 §2.3): label → papel. */
export const PAPEIS_CADASTRO = [
  { label: "Administrador", papel: PAPEL.admin },
  { label: "Consultor", papel: PAPEL.consultor },
  { label: "Jurídico", papel: PAPEL.juridico },
] as const;

export function isPapel(v: unknown): v is TPapel {
  return typeof v === "string" && (PAPEIS as readonly string[]).includes(v);
}
