import { ApiError } from "../../lib/api";

/** The server's own pt-BR message for a refused request (4xx); the spec's fallback text for anything else. */
export function mensagemOu(e: unknown, padrao: string): string {
  return e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.erro : padrao;
}
