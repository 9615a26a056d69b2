/**
 * Runs a transaction again when PostgreSQL chose it as a deadlock's victim or refused it as a serialization failure
 * (40P01, 40001): it was rolled back whole, so a body that only writes to the database can simply run again. Rare
 * with sorted keys, but the summary triggers of many tables meet other writers (jobs, webhooks) on the same rows.
 * Never for a body with effects outside the database (a provider call, a file written).
 */
export async function repetirEmConflito<T>(fn: () => Promise<T>, tentativas = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      const codigo = (e as { code?: string }).code;
      if (i >= tentativas || (codigo !== "40P01" && codigo !== "40001")) throw e;
    }
  }
}
