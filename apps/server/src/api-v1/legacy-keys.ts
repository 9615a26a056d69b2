import type pg from "pg";
import { unsafeWithSystem } from "../db/tenant.js";

/** At most one reload a minute, however many unknown legacy-shaped keys arrive. */
const RECARGA_MS = 60_000;

/**
 * The hashes of the legacy keys still active (decision 1811). Legacy keys carry no tag, so, to keep forged keys of that
 * shape away from the database, a key is looked up only when its hash is in this set. No legacy key can be created
 * any more, so the set only shrinks (a revocation is still checked in the database); it is read once, across
 * companies, and again at most once a minute when an unknown hash arrives.
 */
export function chavesLegadas(pool: pg.Pool, agora: () => number = Date.now) {
  let hashes: Set<string> | null = null;
  let lidaEm = 0;
  let lendo: Promise<Set<string>> | null = null;
  const ler = () => {
    lendo ??= unsafeWithSystem(pool, "api-v1: hashes das chaves legadas", async (tx) => {
      const { rows } = await tx.query("SELECT hash FROM chaves_api WHERE NOT assinada AND revogada_em IS NULL");
      return new Set(rows.map((r) => r.hash as string));
    }).finally(() => {
      lendo = null;
    });
    return lendo.then((s) => {
      hashes = s;
      lidaEm = agora();
      return s;
    });
  };
  return {
    async conhece(hash: string): Promise<boolean> {
      if (hashes?.has(hash)) return true;
      if (hashes && agora() - lidaEm < RECARGA_MS) return false;
      return (await ler()).has(hash);
    },
  };
}
