import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets a company stores (WhatsApp tokens, AI keys) are encrypted at rest with AES-256-GCM
 * (ARCHITECTURE §5). The key is derived from APP_SECRET with HKDF, so rotating APP_SECRET makes old
 * ciphertexts unreadable (they then count as "not set" and the admin types them again).
 * Format: "v1." + base64url(iv 12 bytes | tag 16 bytes | ciphertext).
 */
export type TCofre = {
  cifrar: (texto: string) => string;
  /** null when the value is not ours or the key changed */
  decifrar: (cifra: string | null | undefined) => string | null;
};

const PREFIXO = "v1.";
const cofres = new Map<string, TCofre>();

export function cofreDe(appSecret: string): TCofre {
  const existente = cofres.get(appSecret);
  if (existente) return existente;
  const chave = Buffer.from(hkdfSync("sha256", appSecret, "crm-revisional", "segredos-empresa/aes-256-gcm/v1", 32));
  const cofre: TCofre = {
    cifrar(texto) {
      const iv = randomBytes(12);
      const c = createCipheriv("aes-256-gcm", chave, iv);
      const corpo = Buffer.concat([c.update(texto, "utf8"), c.final()]);
      return PREFIXO + Buffer.concat([iv, c.getAuthTag(), corpo]).toString("base64url");
    },
    decifrar(cifra) {
      if (!cifra?.startsWith(PREFIXO)) return null;
      try {
        const bruto = Buffer.from(cifra.slice(PREFIXO.length), "base64url");
        const d = createDecipheriv("aes-256-gcm", chave, bruto.subarray(0, 12));
        d.setAuthTag(bruto.subarray(12, 28));
        return Buffer.concat([d.update(bruto.subarray(28)), d.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
  cofres.set(appSecret, cofre);
  return cofre;
}

/** What the browser may see of a secret: that it is set, and its last 4 characters. */
export function mascarar(valor: string | null): { definido: boolean; mascara: string | null } {
  if (!valor) return { definido: false, mascara: null };
  return { definido: true, mascara: `••••••••${valor.length > 8 ? valor.slice(-4) : ""}` };
}

/**
 * A short public fingerprint of APP_SECRET (HKDF under its own label: it reveals nothing of the key): a company's
 * export carries it so that the import can say whether what APP_SECRET protects survives the move (decision 1943).
 */
export const impressaoDaChave = (appSecret: string): string =>
  Buffer.from(hkdfSync("sha256", appSecret, "crm-revisional", "impressao-da-chave/v1", 8)).toString("hex");
