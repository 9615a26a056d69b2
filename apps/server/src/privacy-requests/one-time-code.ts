import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { CODIGO_DIGITOS } from "@crm/domain/privacy-requests";

/**
 * The one-time code of a request (decision 1826): random digits sent to the phone on file; only a keyed hash is kept,
 * bound to the request, so a read of the table gives no code and a code of one request fits no other.
 */
export const novoCodigo = (): string => String(randomInt(0, 10 ** CODIGO_DIGITOS)).padStart(CODIGO_DIGITOS, "0");

export const hashDoCodigo = (segredo: string, pedidoId: string, codigo: string): string =>
  createHmac("sha256", segredo).update(`privacidade:${pedidoId}:${codigo}`).digest("hex");

export function codigoConfere(segredo: string, pedidoId: string, codigo: string, hash: string | null): boolean {
  if (!hash) return false;
  const a = Buffer.from(hashDoCodigo(segredo, pedidoId, codigo), "hex");
  const b = Buffer.from(hash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
