import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api";

/**
 * Shows the server's per-field messages (`{erro, campos}`) next to the form's fields. `prefixo` drops a body
 * prefix such as 'cadastro.' when the form is one part of the request. Returns true when any field got one.
 */
export function aplicarErrosDoServidor<T extends FieldValues>(
  erro: unknown,
  setError: UseFormSetError<T>,
  campos: readonly Path<T>[],
  prefixo = "",
): boolean {
  if (!(erro instanceof ApiError) || !erro.campos) return false;
  let algum = false;
  for (const [chave, mensagem] of Object.entries(erro.campos)) {
    const campo = (prefixo && chave.startsWith(prefixo) ? chave.slice(prefixo.length) : chave) as Path<T>;
    if (campos.includes(campo)) {
      setError(campo, { type: "server", message: mensagem });
      algum = true;
    }
  }
  return algum;
}
