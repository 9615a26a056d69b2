import type { TDerivado, TEntidadeRolada, TMedida } from "./types.js";

/** A key column: its name in the table and the SQL that computes it from a source row. */
export type TColuna = readonly [nome: string, expressao: string];
export type { TMedida };

/** A count of the source rows (that pass `onde`). */
export const conta = (nome: string, onde?: string): TMedida => ({ nome, valor: "1", tipo: "integer", onde });
/** A sum of `valor` over the source rows (that pass `onde`), stored as `tipo` (the column's type). */
export const soma = (nome: string, valor: string, tipo: string, onde?: string): TMedida => ({ nome, valor, tipo, onde });

/**
 * A measure aggregated over source rows: `coalesce(sum(valor) FILTER (WHERE onde), 0)`; with `sinal` (a column of ±1),
 * each row's value signed, as the roll-up sums a change's states after (+1) and before (−1).
 */
export const agregada = (m: TMedida, sinal?: string) =>
  `coalesce(sum(${sinal ? `${sinal} * (${m.valor})` : m.valor})${m.onde ? ` FILTER (WHERE ${m.onde})` : ""}, 0)`;

/**
 * An additive summary whose definition groups the source rows by its key: `SELECT key…, measures… FROM fonte WHERE
 * onde GROUP BY key`. Most summaries are one of these; the rest write their definition by hand. A `rollup` one that
 * names the change log's entity its source rows are (`registro`) is rolled up from the log: the job applies the same
 * key, measure and filter expressions to the log rows' before/after states (derived/rollup.ts, decision 1772).
 */
export function somaAgrupada(
  p: Omit<TDerivado, "tipo" | "chave" | "medidas" | "definicao" | "tabela" | "rolada"> & {
    tabela?: string;
    chave: readonly TColuna[];
    medidas: readonly TMedida[];
    de: string;
    onde?: string;
    registro?: TEntidadeRolada;
  },
): TDerivado {
  const { chave, medidas, de, onde, registro, ...resto } = p;
  const colunas = [...chave.map(([nome, expr]) => `${expr} AS ${nome}`), ...medidas.map((m) => `${agregada(m)} AS ${m.nome}`)];
  const grupo = chave.length ? ` GROUP BY ${chave.map((_, i) => i + 1).join(", ")}` : "";
  return {
    ...resto,
    tabela: p.tabela ?? p.nome,
    tipo: "soma",
    chave: chave.map(([nome]) => nome),
    medidas: medidas.map((m) => m.nome),
    definicao: `SELECT ${colunas.join(", ")} FROM ${de} WHERE ${onde ?? "true"}${grupo}`,
    ...(p.exatidao === "rollup" && registro ? { rolada: { entidade: registro, chave, medidas, onde } } : {}),
  };
}

/** What a family of summaries lets one member set differently. */
export type TVariante = { alimentadaPor?: readonly string[]; origem?: string; onde?: string };
