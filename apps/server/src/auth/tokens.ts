import { createHash, randomBytes } from "node:crypto";

/** 256-bit random token, URL-safe. */
export function novoToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored only as their SHA-256: a database leak does not leak usable links or sessions. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
