import { createHmac, hkdfSync } from "node:crypto";
import { segredosAceitos } from "../crypto/secrets.js";

/** What a suppression entry is a hash of (decision 1863). */
export type TTipoSupressao = "telefone" | "cpf";

const chaves = new Map<string, Buffer>();

/**
 * The suppression list's HMAC key (decision 1863): derived from APP_SECRET with HKDF under its own label, so it is
 * neither the secrets' AES key nor APP_SECRET itself. Rotating APP_SECRET makes old entries unmatchable: the decision
 * says what to do then.
 */
function chaveDaSupressao(appSecret: string): Buffer {
  let chave = chaves.get(appSecret);
  if (!chave) {
    chave = Buffer.from(hkdfSync("sha256", appSecret, "crm-revisional", "supressao/hmac-sha256/v1", 32));
    chaves.set(appSecret, chave);
  }
  return chave;
}

/** HMAC-SHA-256 of `tipo:valor` (the phone's canonical digits, the CPF's 11 digits): never the value itself. */
export const hashDaSupressao = (appSecret: string, tipo: TTipoSupressao, valor: string): Buffer =>
  createHmac("sha256", chaveDaSupressao(appSecret)).update(`${tipo}:${valor}`, "utf8").digest();

/**
 * Every hash the same value may be listed under: APP_SECRET's, then those of the secrets it replaced
 * (APP_SECRET_PREVIOUS, decision 1946). An entry cannot be re-hashed (the list never holds the value), so a look-up
 * checks them all; a new entry is made with APP_SECRET only.
 */
export const hashesDaSupressao = (appSecret: string, tipo: TTipoSupressao, valor: string): Buffer[] =>
  segredosAceitos(appSecret).map((s) => hashDaSupressao(s, tipo, valor));

/**
 * The same HMAC computed by PostgreSQL for a set-based statement (a CSV import's staging rows), from the two padded
 * keys of RFC 2104 — H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ m)) — with the built-in sha256(), no extension needed. Returns
 * the SQL expression over `mensagem` and the two key parameters to bind at `$n` and `$n+1`.
 */
function hmacEmSql(appSecret: string, mensagem: string, n: number): { sql: string; chaves: [Buffer, Buffer] } {
  const k = Buffer.alloc(64);
  chaveDaSupressao(appSecret).copy(k);
  const ipad = Buffer.from(k.map((b) => b ^ 0x36));
  const opad = Buffer.from(k.map((b) => b ^ 0x5c));
  return {
    sql: `sha256($${n + 1}::bytea || sha256($${n}::bytea || convert_to(${mensagem}, 'UTF8')))`,
    chaves: [ipad, opad],
  };
}

/**
 * hmacEmSql for every accepted secret (decision 1946): the SQL expressions, one per secret, for `x.hash IN (…)`, and
 * their key parameters to bind from `$n` on.
 */
export function hmacsEmSql(appSecret: string, mensagem: string, n: number): { sql: string[]; chaves: Buffer[] } {
  const cada = segredosAceitos(appSecret).map((s, i) => hmacEmSql(s, mensagem, n + 2 * i));
  return { sql: cada.map((c) => c.sql), chaves: cada.flatMap((c) => c.chaves) };
}
