import type { TEstadoDiagnostico, TVerificacao } from "@crm/domain/doctor";

/** One check's answer; `correcao` only when not ok. */
export const resultado = (
  id: string,
  titulo: string,
  estado: TEstadoDiagnostico,
  detalhe: string,
  correcao: string | null = null,
): TVerificacao => ({ id, titulo, estado, detalhe, correcao: estado === "ok" ? null : correcao });

/** A check that throws is an error of that check, never of the whole diagnosis. */
export async function protegida(id: string, titulo: string, fazer: () => Promise<TVerificacao[]>, correcao: string) {
  try {
    return await fazer();
  } catch (e) {
    return [resultado(id, titulo, "erro", (e as Error).message, correcao)];
  }
}
