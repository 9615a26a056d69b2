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
const anteriores = new Map<string, readonly string[]>();

/**
 * APP_SECRET_PREVIOUS (decision 1946): the secrets APP_SECRET replaced, still accepted where a value made with them
 * cannot be remade — a stored ciphertext decrypts, an API key's tag and a suppression hash match — while everything
 * new is made with APP_SECRET. Registered by loadConfig for the current secret.
 */
export function registrarSegredosAnteriores(atual: string, lista: readonly string[]): void {
  anteriores.set(
    atual,
    lista.filter((s) => s !== atual),
  );
  cofres.delete(atual);
}

/** The current secret first, then the ones it replaced (APP_SECRET_PREVIOUS), newest first. */
export const segredosAceitos = (atual: string): string[] => [atual, ...(anteriores.get(atual) ?? [])];

const chaveDoCofre = (segredo: string) =>
  Buffer.from(hkdfSync("sha256", segredo, "crm-revisional", "segredos-empresa/aes-256-gcm/v1", 32));

export function cofreDe(appSecret: string): TCofre {
  const existente = cofres.get(appSecret);
  if (existente) return existente;
  const [chave, ...antigas] = segredosAceitos(appSecret).map(chaveDoCofre) as [Buffer, ...Buffer[]];
  const abrir = (k: Buffer, bruto: Buffer): string | null => {
    try {
      const d = createDecipheriv("aes-256-gcm", k, bruto.subarray(0, 12));
      d.setAuthTag(bruto.subarray(12, 28));
      return Buffer.concat([d.update(bruto.subarray(28)), d.final()]).toString("utf8");
    } catch {
      return null;
    }
  };
  const cofre: TCofre = {
    cifrar(texto) {
      const iv = randomBytes(12);
      const c = createCipheriv("aes-256-gcm", chave, iv);
      const corpo = Buffer.concat([c.update(texto, "utf8"), c.final()]);
      return PREFIXO + Buffer.concat([iv, c.getAuthTag(), corpo]).toString("base64url");
    },
    decifrar(cifra) {
      if (!cifra?.startsWith(PREFIXO)) return null;
      const bruto = Buffer.from(cifra.slice(PREFIXO.length), "base64url");
      // made with APP_SECRET, or with a secret it replaced (decision 1946): GCM's tag tells which key is right
      for (const k of [chave, ...antigas]) {
        const texto = abrir(k, bruto);
        if (texto !== null) return texto;
      }
      return null;
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
