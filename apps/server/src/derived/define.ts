import type { TDerivado } from "./types.js";

/** A key or measure column: its name in the table and the SQL that computes it from the source rows. */
export type TColuna = readonly [nome: string, expressao: string];

/**
 * An additive summary whose definition groups the source rows by its key: `SELECT key…, measures… FROM fonte WHERE
 * onde GROUP BY key`. Most summaries are one of these; the rest write their definition by hand.
 */
export function somaAgrupada(
  p: Omit<TDerivado, "tipo" | "chave" | "medidas" | "definicao" | "tabela"> & {
    tabela?: string;
    chave: readonly TColuna[];
    medidas: readonly TColuna[];
    de: string;
    onde?: string;
  },
): TDerivado {
  const { chave, medidas, de, onde, ...resto } = p;
  const colunas = [...chave, ...medidas].map(([nome, expr]) => `${expr} AS ${nome}`).join(", ");
  const grupo = chave.length ? ` GROUP BY ${chave.map((_, i) => i + 1).join(", ")}` : "";
  return {
    ...resto,
    tabela: p.tabela ?? p.nome,
    tipo: "soma",
    chave: chave.map(([nome]) => nome),
    medidas: medidas.map(([nome]) => nome),
    definicao: `SELECT ${colunas} FROM ${de} WHERE ${onde ?? "true"}${grupo}`,
  };
}

/** What a family of summaries lets one member set differently. */
export type TVariante = { alimentadaPor?: readonly string[]; origem?: string; onde?: string };
