import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { PREFIXO_CHAVE_API } from "@crm/domain/api-keys";
import { segredosAceitos } from "../crypto/secrets.js";

/**
 * The shape of an API key (decision 1811): `crm_live_<company id, 32 hex>_<32 random chars><22-char tag>`. The tag is
 * an HMAC of the company and the random part under a key derived from APP_SECRET, so a key the server did not make is
 * refused in memory, before any database query: forged keys cannot load the database. The `crm_live_` prefix lets
 * secret scanners find a leaked key. Keys made before (`crm_<company>_<43 chars>`, no tag) are 'legadas'.
 */
const ASSINADA = /^crm_live_([0-9a-f]{32})_([A-Za-z0-9_-]{32})([A-Za-z0-9_-]{22})$/;
const LEGADA = /^crm_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/;

export type TChaveLida = { empresaId: string; hash: string; assinada: boolean };

const uuidDe = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
export const hashDaChave = (chave: string) => createHash("sha256").update(chave).digest("hex");

/** The signer of one installation: its tags are the first 16 bytes of HMAC-SHA256(company hex + random part). */
export function assinadorDeChaves(appSecret: string) {
  // APP_SECRET signs new keys; a key signed with a secret it replaced (APP_SECRET_PREVIOUS) still reads (decision 1946)
  const [segredo, ...antigos] = segredosAceitos(appSecret).map((s) =>
    createHmac("sha256", s).update("crm-chaves-api-v1").digest(),
  ) as [Buffer, ...Buffer[]];
  const tagCom = (chave: Buffer, empresaHex: string, aleatorio: string) =>
    createHmac("sha256", chave).update(`${empresaHex}.${aleatorio}`).digest().subarray(0, 16);
  const tag = (empresaHex: string, aleatorio: string) => tagCom(segredo, empresaHex, aleatorio);
  return {
    /** A new key of the company: the key (shown once), the prefix the list shows and the hash that is stored. */
    gerar(empresaId: string): { chave: string; prefixo: string; hash: string } {
      const empresaHex = empresaId.replaceAll("-", "");
      const aleatorio = randomBytes(24).toString("base64url");
      const chave = `${PREFIXO_CHAVE_API}${empresaHex}_${aleatorio}${tag(empresaHex, aleatorio).toString("base64url")}`;
      return { chave, prefixo: `${PREFIXO_CHAVE_API}${aleatorio.slice(0, 6)}…`, hash: hashDaChave(chave) };
    },
    /** The key's company and hash when it has a valid shape and, for a signed key, a valid tag; null otherwise. */
    ler(chave: string): TChaveLida | null {
      const a = ASSINADA.exec(chave);
      if (a) {
        const dada = Buffer.from(a[3], "base64url");
        const confere = (k: Buffer) => {
          const esperada = tagCom(k, a[1], a[2]);
          return dada.length === esperada.length && timingSafeEqual(dada, esperada);
        };
        if (![segredo, ...antigos].some(confere)) return null;
        return { empresaId: uuidDe(a[1]), hash: hashDaChave(chave), assinada: true };
      }
      const l = LEGADA.exec(chave);
      return l ? { empresaId: uuidDe(l[1]), hash: hashDaChave(chave), assinada: false } : null;
    },
  };
}
