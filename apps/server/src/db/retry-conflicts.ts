import pino, { type Logger } from "pino";

/** One use of the guard: which caller, which SQLSTATE, which try failed. */
export type TConflitoRepetido = { onde: string; codigo: string; tentativa: number };

let log: Logger = pino({ level: "warn" });
const observadores = new Set<(c: TConflitoRepetido) => void>();

/** The app's logger (main.ts): each use of the guard is a warning there. */
export function definirLogDeConflitos(l: Logger): void {
  log = l;
}

/** Calls `fn` for every conflict the guard runs again, until the returned function is called (tests count them). */
export function observarConflitos(fn: (c: TConflitoRepetido) => void): () => void {
  observadores.add(fn);
  return () => observadores.delete(fn);
}

/**
 * A guard, not a design (decision 1731): the write paths take their locks in one order (leads by id, summary rows by
 * key, in set-based statement triggers), so no deadlock (40P01) or serialization failure (40001) is expected. If one
 * happens anyway, the transaction was rolled back whole and a body that only writes to the database can run again;
 * each such run is logged as a warning with the caller and the SQLSTATE, so production shows whether it is ever
 * needed. Never for a body with effects outside the database (a provider call, a file written).
 */
export async function repetirEmConflito<T>(onde: string, fn: () => Promise<T>, tentativas = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      const codigo = (e as { code?: string }).code;
      if (i >= tentativas || (codigo !== "40P01" && codigo !== "40001")) throw e;
      const c = { onde, codigo, tentativa: i };
      log.warn(c, "conflito de escrita repetido (impasse ou falha de serialização)");
      for (const o of observadores) o(c);
    }
  }
}
