import type { TPapel } from "@crm/domain/roles";
import type pg from "pg";

/** Who is asking: set in the transaction so that row-level security sees it. */
export type TTenantCtx = {
  empresaId: string | null;
  usuarioId: string;
  papel: TPapel;
};

export type TTx = pg.PoolClient;

const aoAlterar = new WeakMap<pg.Pool, Set<() => void>>();
/** Calls fn after each transaction on `pool` that changed sessions, users or companies commits (auth/session-cache.ts). */
export function aoAlterarSessoes(pool: pg.Pool, fn: () => void): void {
  const fns = aoAlterar.get(pool) ?? new Set();
  fns.add(fn);
  aoAlterar.set(pool, fns);
}

async function inTransaction<T>(pool: pg.Pool, settings: [string, string][], fn: (tx: TTx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    // BEGIN and the settings in one round trip (simple protocol, so literals escaped by the driver, not parameters)
    const sets = settings.map(([k, v]) => `set_config(${client.escapeLiteral(k)}, ${client.escapeLiteral(v)}, true)`);
    await client.query(`BEGIN; SELECT ${sets.join(", ")}`);
    const result = await fn(client);
    // the COMMIT also reads the mark of migration 0009's triggers (same round trip): a transaction that changed
    // sessions, users or companies has this instance forget its remembered sessions before anyone is answered
    const [marca] = (await client.query(
      "SELECT current_setting('crm.sessoes_alteradas', true) AS m; COMMIT",
    )) as unknown as pg.QueryResult[];
    if (marca.rows[0].m === "sim") for (const f of aoAlterar.get(pool) ?? []) f();
    return result;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** Runs fn in one transaction scoped to the caller's company, user and role. */
export function withTenant<T>(pool: pg.Pool, ctx: TTenantCtx, fn: (tx: TTx) => Promise<T>): Promise<T> {
  return inTransaction(
    pool,
    [
      ["app.empresa_id", ctx.empresaId ?? ""],
      ["app.usuario_id", ctx.usuarioId],
      ["app.papel", ctx.papel],
    ],
    fn,
  );
}

/**
 * Crosses tenants on purpose (sign-in, registration, webhooks, jobs): the name says so.
 * `motivo` documents why at the call site and shows up in pg_stat_activity.
 */
export function unsafeWithSystem<T>(pool: pg.Pool, motivo: string, fn: (tx: TTx) => Promise<T>): Promise<T> {
  return inTransaction(
    pool,
    [
      ["app.empresa_id", ""],
      ["app.usuario_id", ""],
      ["app.papel", "sistema"],
      ["application_name", `crm:${motivo}`.slice(0, 63)],
    ],
    fn,
  );
}
