import { randomBytes } from "node:crypto";

/**
 * Time-ordered UUIDs (RFC 9562 version 7) for bulk inserts: new ids land at the right edge of the primary-key
 * btrees instead of on random pages, which keeps a 100k-row import from touching the whole index.
 * `n` ids of the same millisecond, increasing (a counter in the random bits keeps their order), still unique.
 */
export function uuidsv7(n: number): string[] {
  const b = Buffer.alloc(16);
  b.writeUIntBE(Date.now(), 0, 6);
  randomBytes(10).copy(b, 6);
  b[6] = (b[6] & 0x0f) | 0x70;
  b[8] = (b[8] & 0x3f) | 0x80;
  // bytes 0..11 are the same for every id of the call: their text once, then the 32-bit sequence (bytes 12..15) each
  const h = b.toString("hex");
  const prefixo = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 24)}`;
  const out: string[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = prefixo + i.toString(16).padStart(8, "0");
  return out;
}
