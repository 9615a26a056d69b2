import { createHmac, randomBytes } from "node:crypto";

/**
 * Standard Webhooks 1.0 symmetric signatures (decision 1801): a secret is `whsec_` + base64 of 24–64 random bytes
 * (32 here); the signed content is `{webhook-id}.{webhook-timestamp}.{body}`; a signature is `v1,` + base64 of its
 * HMAC-SHA256 under the decoded secret; `webhook-signature` lists one per secret, space-delimited (rotation).
 */
const PREFIXO = "whsec_";
const BYTES_SEGREDO = 32;

export function gerarSegredo(): string {
  return PREFIXO + randomBytes(BYTES_SEGREDO).toString("base64");
}

function chaveDe(segredo: string): Buffer {
  return Buffer.from(segredo.startsWith(PREFIXO) ? segredo.slice(PREFIXO.length) : segredo, "base64");
}

/** The `webhook-signature` header: one `v1,` signature per secret (the current one first). */
export function assinar(segredos: readonly string[], idMensagem: string, timestampS: number, corpo: string): string {
  return segredos
    .map((s) => `v1,${createHmac("sha256", chaveDe(s)).update(`${idMensagem}.${timestampS}.${corpo}`).digest("base64")}`)
    .join(" ");
}
