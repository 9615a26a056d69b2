/**
 * Deterministic randomness for the demo seed and tests: the same seed gives the same data on every
 * machine, so a screenshot, a bug report or a benchmark can be reproduced exactly.
 */

/** mulberry32: tiny, fast, good enough for fake data (not for anything secret). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type TAleatorio = {
  /** uniform in [0, 1) */
  num: () => number;
  /** integer in [min, max] */
  int: (min: number, max: number) => number;
  /** true with probability p */
  chance: (p: number) => boolean;
  escolher: <T>(itens: readonly T[]) => T;
  /** picks by weight: [[item, peso], ...] */
  ponderado: <T>(opcoes: readonly (readonly [T, number])[]) => T;
  /** a version-4-shaped UUID drawn from this generator, so seeded ids are stable too */
  uuid: () => string;
};

export function criarAleatorio(seed: number): TAleatorio {
  const num = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(num() * (max - min + 1));
  const hex = (n: number) => Array.from({ length: n }, () => int(0, 15).toString(16)).join("");
  return {
    num,
    int,
    chance: (p) => num() < p,
    escolher: (itens) => itens[Math.floor(num() * itens.length)],
    ponderado: (opcoes) => {
      const total = opcoes.reduce((s, [, p]) => s + p, 0);
      let r = num() * total;
      for (const [item, peso] of opcoes) {
        r -= peso;
        if (r < 0) return item;
      }
      return opcoes[opcoes.length - 1][0];
    },
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${"89ab"[int(0, 3)]}${hex(3)}-${hex(12)}`,
  };
}
