/** The unique index that makes a company its name and contact email (migration 0049, decision 1651). */
const INDICE_IDENTIDADE_EMPRESA = "empresas_identidade_key";

/** True when a write failed because another company has the same name and contact email. */
export function ehEmpresaDuplicada(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string };
  return e.code === "23505" && e.constraint === INDICE_IDENTIDADE_EMPRESA;
}
