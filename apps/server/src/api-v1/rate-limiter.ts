/**
 * Fixed one-minute windows counted in memory (decision 1813): per presented key (its hash) and per company, BEFORE the
 * key is looked up, so a flood of keys, forged or not, is answered without the database. Each instance counts its own
 * requests: behind N instances a client may get up to N× the limit (stated in the decision). The map holds only the
 * current window; beyond `maxEntradas` distinct keys in one window, the unknown ones share one bucket.
 */
export type TJanela = { limite: number; restantes: number; reiniciaEmS: number; excedeu: boolean };

export function limitadorPorJanela(opts: { janelaMs?: number; maxEntradas?: number; agora?: () => number } = {}) {
  const janelaMs = opts.janelaMs ?? 60_000;
  const maxEntradas = opts.maxEntradas ?? 100_000;
  const agora = opts.agora ?? Date.now;
  let inicio = Math.floor(agora() / janelaMs) * janelaMs;
  let contagens = new Map<string, number>();
  return {
    /** Counts one request of `chave` against `limite` and says what is left of the window. */
    contar(chave: string, limite: number): TJanela {
      const t = agora();
      if (t - inicio >= janelaMs) {
        inicio = Math.floor(t / janelaMs) * janelaMs;
        contagens = new Map();
      }
      const k = contagens.has(chave) || contagens.size < maxEntradas ? chave : "\u0000excedente";
      const n = (contagens.get(k) ?? 0) + 1;
      contagens.set(k, n);
      const reiniciaEmS = Math.max(1, Math.ceil((inicio + janelaMs - t) / 1000));
      return { limite, restantes: Math.max(0, limite - n), reiniciaEmS, excedeu: n > limite };
    },
  };
}
