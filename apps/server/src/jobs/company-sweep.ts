import type pg from "pg";
import { unsafeWithSystem } from "../db/tenant.js";
import type { TFila, TJobs } from "./jobs.js";

/**
 * A reminder sweep's first half (deadlines' safety dates, decision 1106; follow-ups, decision 1831): the companies
 * that `sql` names (one `id` column, across companies), one job each on `fila` keyed by the company, so a company
 * already queued is not queued twice. Returns the companies.
 */
export async function enfileirarPorEmpresa(
  deps: { db: { app: pg.Pool }; jobs: Pick<TJobs, "enviar"> },
  fila: TFila<{ empresaId: string }>,
  motivo: string,
  sql: string,
  params: unknown[],
): Promise<string[]> {
  const empresas = await unsafeWithSystem(deps.db.app, motivo, async (tx) =>
    (await tx.query(sql, params)).rows.map((r) => r.id as string),
  );
  for (const empresaId of empresas) await deps.jobs.enviar(fila, { empresaId }, { chave: empresaId });
  return empresas;
}
