import type pg from "pg";
import { DERIVADOS } from "./registry.js";
import { sqlComparar } from "./statements.js";

/** The items with a SQL definition (every one but the revisional figures, computed by the domain's formula). */
export const COMPARAVEIS = DERIVADOS.filter((d) => d.definicao);

/** Every registry item whose rows differ from its definition for one company (a few rows each): [] when all are exact. */
export async function diferencas(dono: pg.Pool, empresaId: string): Promise<{ nome: string; linhas: unknown[] }[]> {
  const erradas = [];
  for (const d of COMPARAVEIS) {
    const { rows } = await dono.query(sqlComparar(d), [empresaId]);
    if (rows.length) erradas.push({ nome: d.nome, linhas: rows.slice(0, 5) });
  }
  return erradas;
}
