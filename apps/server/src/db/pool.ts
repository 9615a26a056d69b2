import pg from "pg";

// numeric (money) comes back as string so no precision is lost; the domain formats it
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export const APP_ROLE = "crm_app";

declare const PIPELINE: unique symbol;
/**
 * A pool whose connections run in pg's pipeline mode (decision 1793): the only pool `lerComTenant` takes, so a
 * caller cannot hand it the ordinary pool, where its pipelined BEGIN, query and COMMIT would queue on one client
 * (pg's "already executing a query" deprecation). Only `criarPoolPipeline` makes one.
 */
export type TPoolPipeline = pg.Pool & { readonly [PIPELINE]: true };

/** The one maker of a TPoolPipeline: the same settings with `pipeline: true`. */
export function criarPoolPipeline(config: pg.PoolConfig): TPoolPipeline {
  return new pg.Pool({ ...config, pipeline: true }) as TPoolPipeline;
}

export type TDb = {
  /** Every application query runs through this pool, logged in as crm_app (no owner, no superuser): RLS always applies. */
  app: pg.Pool;
  /**
   * The same role on pipelined connections (pg's pipeline mode), for the hot single-query reads of tenant.ts
   * `lerComTenant`: BEGIN, the query and COMMIT in one round trip. Cursors cannot share a pipelined connection,
   * which is why this is a pool of its own. Its timestamptz values come back as ISO text (isoDeTimestamptz).
   */
  leitura: TPoolPipeline;
  close: () => Promise<void>;
};

/** How long a request waits for a connection before it answers 503 (the database is away or saturated). */
export const ESPERA_CONEXAO_MS = 5_000;

type TLogErro = (err: unknown, origem: string) => void;

/**
 * A dropped connection must never end the process: pg emits 'error' on the pool for idle clients and on the client
 * itself while it is checked out (a query in flight when PostgreSQL restarts). Without a listener, Node throws it.
 * The query in flight still rejects, so the request that owned it answers 503; the pool replaces the client.
 */
export function protegerPool(pool: pg.Pool, origem: string, logErro: TLogErro = () => {}): pg.Pool {
  pool.on("error", (err) => logErro(err, origem));
  pool.on("connect", (client) => client.on("error", (err) => logErro(err, origem)));
  return pool;
}

/**
 * timestamptz as the ISO text the API sends (what `Date#toISOString` gives), for the read pool whose sessions run
 * in UTC: a 25-lead page no longer builds 52 Dates only to print them back (~9% of that request's server time).
 */
export function isoDeTimestamptz(v: string): string {
  // "2026-11-21 23:51:55.12855+00" → "2026-11-21T23:51:55.128Z"
  if (v.length >= 22 && v[10] === " " && v.endsWith("+00")) {
    const fracao = v.slice(19, -3); // "", ".5" … ".123456"
    return `${v.slice(0, 10)}T${v.slice(11, 19)}${fracao ? `${fracao}00`.slice(0, 4) : ".000"}Z`;
  }
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : d.toISOString(); // 'infinity' stays as PostgreSQL wrote it
}

const tiposLeitura = {
  getTypeParser: ((oid: number, formato?: "text" | "binary") =>
    oid === pg.types.builtins.TIMESTAMPTZ
      ? isoDeTimestamptz
      : pg.types.getTypeParser(oid, formato)) as typeof pg.types.getTypeParser,
};

/** The application's pools, logged in as crm_app (see roles.ts for how that login is prepared). */
export function createDb(appUrl: string, opts: { max?: number; logErro?: TLogErro } = {}): TDb {
  const comum = { connectionString: appUrl, max: opts.max ?? 20, connectionTimeoutMillis: ESPERA_CONEXAO_MS };
  const app = protegerPool(new pg.Pool(comum), "app", opts.logErro);
  const leitura = criarPoolPipeline({ ...comum, options: "-c TimeZone=UTC", types: tiposLeitura });
  protegerPool(leitura, "leitura", opts.logErro);
  return {
    app,
    leitura,
    close: async () => {
      await Promise.all([app.end(), leitura.end()]);
    },
  };
}

/**
 * Fails the start unless the pools log in as crm_app itself, with no way back to more privilege: not a superuser,
 * no BYPASSRLS, no role creation, owning no table, and not a member of any other role (a `SET ROLE` could not
 * escape row-level security).
 */
export async function conferirPapelDaAplicacao(db: { app: pg.Pool; leitura: pg.Pool }): Promise<void> {
  for (const pool of [db.app, db.leitura]) {
    const { rows } = await pool.query(
      `SELECT session_user AS sessao, current_user AS atual, r.rolsuper, r.rolbypassrls, r.rolcreaterole, r.rolcreatedb,
              (SELECT count(*) FROM pg_class WHERE relowner = r.oid) AS dono_de,
              (SELECT count(*) FROM pg_auth_members WHERE member = r.oid) AS membro_de
         FROM pg_roles r WHERE r.rolname = session_user`,
    );
    const p = rows[0];
    if (p.sessao !== APP_ROLE || p.atual !== APP_ROLE)
      throw new Error(`A aplicação entrou no banco como ${p.sessao} (${p.atual}), não como ${APP_ROLE}.`);
    if (p.rolsuper || p.rolbypassrls || p.rolcreaterole || p.rolcreatedb || p.dono_de > 0 || p.membro_de > 0)
      throw new Error(
        `O papel ${APP_ROLE} tem privilégios demais (superusuário, BYPASSRLS, criar papéis/bancos, dono de tabelas ou membro de outro papel): veja docs/operations.md.`,
      );
  }
}

/** Replaces the database name in a connection URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
