import { createHmac, timingSafeEqual } from "node:crypto";

/** X-Hub-Signature-256 of the Cloud API: "sha256=" + hex HMAC-SHA256 of the raw body with the app secret. */
export function assinaturaValida(corpo: Buffer, cabecalho: unknown, appSecret: string | null): boolean {
  if (!appSecret || typeof cabecalho !== "string" || !cabecalho.startsWith("sha256=")) return false;
  const recebida = Buffer.from(cabecalho.slice(7), "hex");
  const esperada = createHmac("sha256", appSecret).update(corpo).digest();
  return recebida.length === esperada.length && timingSafeEqual(recebida, esperada);
}

/** Constant-time comparison of two tokens (webhook verify token, gateway apikey). */
export function mesmoToken(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
