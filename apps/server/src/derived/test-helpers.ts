import type pg from "pg";
import { aindaNaoLidas } from "../change-log/follow.js";
import { DERIVADOS } from "./registry.js";
import { LEITOR_RESUMOS } from "./rollup.js";
import { rolarResumos } from "./rollup-job.js";
import { sqlComparar, type TLeitura } from "./statements.js";

/** The items with a SQL definition (every one but the revisional figures, computed by the domain's formula). */
export const COMPARAVEIS = DERIVADOS.filter((d) => d.definicao);

/**
 * Every registry item whose rows differ from its definition for one company (a few rows each): [] when all are exact.
 * Rolled-up items are read as the product reads them (rows plus the log's tail), or by their rows alone (`soTabela`).
 */
export async function diferencas(
  dono: pg.Pool,
  empresaId: string,
  o: TLeitura = {},
): Promise<{ nome: string; linhas: unknown[] }[]> {
  const erradas = [];
  for (const d of COMPARAVEIS) {
    const { rows } = await dono.query(sqlComparar(d, o), [empresaId]);
    if (rows.length) erradas.push({ nome: d.nome, linhas: rows.slice(0, 5) });
  }
  return erradas;
}

/**
 * Pauses the summaries' roll-up (decision 1772) as a stuck job would: holds its reader's position locked, so every
 * runner finds it taken and returns at once. Returns what resumes it.
 */
export async function pausarRollup(dono: pg.Pool): Promise<() => Promise<void>> {
  const c = await dono.connect();
  await c.query("BEGIN");
  await c.query("INSERT INTO mudancas_leitores (leitor) VALUES ($1) ON CONFLICT DO NOTHING", [LEITOR_RESUMOS]);
  await c.query("SELECT 1 FROM mudancas_leitores WHERE leitor = $1 FOR UPDATE", [LEITOR_RESUMOS]);
  return async () => {
    await c.query("COMMIT");
    c.release();
  };
}

/** Runs the roll-up until no log row is left to apply (the app's own job may be the one that runs it). */
export async function alcancarRollup(app: pg.Pool, dono: pg.Pool): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await rolarResumos(app);
    const { rows } = await dono.query(`SELECT count(*)::int AS n FROM mudancas m WHERE ${aindaNaoLidas("$1")}`, [LEITOR_RESUMOS]);
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("o rollup dos resumos não alcançou o registro de mudanças");
}
