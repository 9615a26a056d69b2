import type { TPlano } from "@crm/domain/plans";
import type { TPapel } from "@crm/domain/roles";
import type pg from "pg";
import { escreverJuntos } from "./pipeline-write.js";
import type { TPoolPipeline } from "./pool.js";
import { semNome } from "./prepared.js";

/** Who is asking: set in the transaction so that row-level security sees it. */
export type TTenantCtx = {
  empresaId: string | null;
  usuarioId: string;
  papel: TPapel;
};

/** A request or job that acts on exactly one company. */
export type TCtxDaEmpresa = TTenantCtx & { empresaId: string };

/** A company screen's request: the company it acts on, with its name and plan (http/tenant.ts builds it). */
export type TCtxEmpresa = TCtxDaEmpresa & { empresaNome: string; plano: TPlano };

export type TTx = pg.PoolClient;

const aoAlterar = new WeakMap<pg.Pool, Set<() => void>>();
/** Calls fn after each transaction on `pool` that changed sessions, users or companies commits (auth/session-cache.ts). */
export function aoAlterarSessoes(pool: pg.Pool, fn: () => void): void {
  const fns = aoAlterar.get(pool) ?? new Set();
  fns.add(fn);
  aoAlterar.set(pool, fns);
}

const doTenant = (ctx: TTenantCtx): [string, string][] => [
  ["app.empresa_id", ctx.empresaId ?? ""],
  ["app.usuario_id", ctx.usuarioId],
  ["app.papel", ctx.papel],
];

/** BEGIN and the transaction's settings in one statement text (simple protocol: literals escaped by the driver). */
function iniciar(client: pg.PoolClient, settings: [string, string][], modo = ""): string {
  const sets = settings.map(([k, v]) => `set_config(${client.escapeLiteral(k)}, ${client.escapeLiteral(v)}, true)`);
  return `BEGIN${modo}; SELECT ${sets.join(", ")}`;
}

async function inTransaction<T>(pool: pg.Pool, settings: [string, string][], fn: (tx: TTx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(iniciar(client, settings));
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
  return inTransaction(pool, doTenant(ctx), fn);
}

/**
 * One read in the caller's tenant context in one round trip, on a pipelined connection (db.leitura: the parameter's
 * type takes no other pool, decision 1793): BEGIN READ ONLY with the settings, the query and COMMIT are written
 * together and PostgreSQL runs them in order. A failed
 * BEGIN or setting leaves the query in an aborted transaction (it fails); without the settings RLS shows nothing.
 * `montar` builds the query and may read what it needs first (outside the transaction: no tenant data).
 * A prepared query is planned for its values unless `planoGenerico` says one plan suits every value: a generic
 * plan is blind to how selective a period or a status is (one filter of /leads ran 100x slower with it). When one
 * plan suits every value it is forced: left to choose, PostgreSQL kept re-planning the default /leads page at every
 * execution (planning cost twice the query: 3,100 vs 8,300 pages/s on the same two cores, decision 0305).
 * Behind a pooler in transaction mode (decision 1901) the query goes unnamed and TimeZone=UTC, which the pool's
 * sessions otherwise get at their start, is one more setting of the same SELECT, local to the transaction.
 */
export async function lerComTenant(
  pool: TPoolPipeline,
  ctx: TTenantCtx,
  montar: (client: TTx) => Promise<pg.QueryConfig>,
  opts: { planoGenerico?: boolean } = {},
): Promise<pg.QueryResult> {
  const client = await pool.connect();
  let destruir = false;
  try {
    const montada = await montar(client);
    const consulta = pool.poolerDeTransacao ? semNome(montada) : montada;
    const sessaoUtc: [string, string][] = pool.poolerDeTransacao ? [["TimeZone", "UTC"]] : [];
    // the three leave in one write (pipeline-write.ts): PostgreSQL runs them in order, one round trip
    const passos = escreverJuntos(client, () => [
      // the plan mode is one more setting of the same SELECT (set_config local = SET LOCAL): one statement fewer
      client.query(
        iniciar(
          client,
          [...doTenant(ctx), ["plan_cache_mode", opts.planoGenerico ? "force_generic_plan" : "force_custom_plan"], ...sessaoUtc],
          " READ ONLY",
        ),
      ),
      client.query(consulta),
      client.query("COMMIT"),
    ]);
    const [inicio, resultado, fim] = await Promise.allSettled(passos);
    for (const p of [inicio, resultado, fim]) {
      if (p.status === "rejected") {
        await client.query("ROLLBACK").catch(() => {
          destruir = true;
        });
        throw p.reason;
      }
    }
    return (resultado as PromiseFulfilledResult<pg.QueryResult>).value;
  } finally {
    client.release(destruir);
  }
}

/**
 * A background job working for one company (inbox, sends, media, screening, imports): row-level security scopes it
 * to that company exactly as it scopes a request of that company (papel 'trabalho' crosses nothing). `motivo` names
 * the job in pg_stat_activity.
 */
export function withCompanyJob<T>(pool: pg.Pool, empresaId: string, motivo: string, fn: (tx: TTx) => Promise<T>): Promise<T> {
  return inTransaction(
    pool,
    [
      ["app.empresa_id", empresaId],
      ["app.usuario_id", ""],
      ["app.papel", PAPEL_TRABALHO],
      ["application_name", `crm:${motivo}`.slice(0, 63)],
    ],
    fn,
  );
}

/** The role a company's background job runs as (see withCompanyJob). */
const PAPEL_TRABALHO = "trabalho";

/**
 * Crosses tenants on purpose (sign-in, registration, webhooks, jobs): the name says so.
 * `motivo` documents why at the call site and shows up in pg_stat_activity.
 */
export function unsafeWithSystem<T>(
  pool: pg.Pool,
  motivo: string,
  fn: (tx: TTx) => Promise<T>,
  /** more settings local to the transaction, set with the others in its first round trip (e.g. synchronous_commit) */
  ajustes: [string, string][] = [],
): Promise<T> {
  return inTransaction(pool, [...doSistema(motivo), ...ajustes], fn);
}

const doSistema = (motivo: string): [string, string][] => [
  ["app.empresa_id", ""],
  ["app.usuario_id", ""],
  ["app.papel", "sistema"],
  ["application_name", `crm:${motivo}`.slice(0, 63)],
];

/**
 * unsafeWithSystem on a connection the caller holds (pool.connect()) and releases: for a system task that keeps a
 * cursor WITH HOLD open past this transaction (revisional/recompute.ts). Sessions, users and companies are not its
 * business: it does not read the mark that makes instances forget remembered sessions.
 */
export async function unsafeWithSystemOn<T>(client: TTx, motivo: string, fn: (tx: TTx) => Promise<T>): Promise<T> {
  await client.query(iniciar(client, doSistema(motivo)));
  try {
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  }
}

/**
 * A system step inside the caller's tenant transaction, so it commits or rolls back with the rest (an erasure redacts
 * the audit trail, whose rows only the system may update: decisions 1821, 1861). The company stays set; the role is
 * 'sistema' for `fn` only and the caller's again after, even when `fn` throws (the transaction then rolls back).
 */
export async function unsafeComoSistemaNaTransacao<T>(tx: TTx, fn: (tx: TTx) => Promise<T>): Promise<T> {
  const { rows } = await tx.query<{ papel: string }>("SELECT current_setting('app.papel', true) AS papel");
  await tx.query("SELECT set_config('app.papel', 'sistema', true)");
  try {
    return await fn(tx);
  } finally {
    await tx.query("SELECT set_config('app.papel', $1, true)", [rows[0]?.papel ?? ""]).catch(() => undefined);
  }
}
