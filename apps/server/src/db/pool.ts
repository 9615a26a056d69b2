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
export type TPoolPipeline = pg.Pool & {
  readonly [PIPELINE]: true;
  /**
   * its connections go through a pooler in transaction mode (DATABASE_POOLER=transaction, decision 1901): each
   * transaction may run on another server connection, so `lerComTenant` names no statement and sets the time zone
   * in the transaction instead of at the start of a session
   */
  readonly poolerDeTransacao: boolean;
};

/** The one maker of a TPoolPipeline: the same settings with `pipeline: true`. */
export function criarPoolPipeline(config: pg.PoolConfig, poolerDeTransacao = false): TPoolPipeline {
  return Object.assign(new pg.Pool({ ...config, pipeline: true }), { poolerDeTransacao }) as TPoolPipeline;
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
  /**
   * The same role for what keeps state past its transaction (a cursor WITH HOLD read batch by batch): at the direct
   * address of DATABASE_LISTEN_URL when there is one, since a transaction pooler would run the next statement on
   * another server connection (decision 1901); otherwise `app` itself.
   */
  sessao: pg.Pool;
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

/**
 * The application's pools, logged in as crm_app (see roles.ts for how that login is prepared). Behind a pooler in
 * transaction mode (decision 1901) the read pool sends no startup option, which PgBouncer refuses: its sessions'
 * TimeZone=UTC is set in each read's transaction instead (tenant.ts `lerComTenant`). `urlDireta` is crm_app at the
 * database's direct address (DATABASE_LISTEN_URL), for the session pool.
 */
export function createDb(
  appUrl: string,
  opts: { max?: number; logErro?: TLogErro; poolerDeTransacao?: boolean; urlDireta?: string } = {},
): TDb {
  const comum = { connectionString: appUrl, max: opts.max ?? 20, connectionTimeoutMillis: ESPERA_CONEXAO_MS };
  const app = protegerPool(new pg.Pool(comum), "app", opts.logErro);
  const pooler = opts.poolerDeTransacao ?? false;
  const leitura = criarPoolPipeline({ ...comum, ...(pooler ? {} : { options: "-c TimeZone=UTC" }), types: tiposLeitura }, pooler);
  protegerPool(leitura, "leitura", opts.logErro);
  // a cursor's reader and the writer of its batches: two connections are all one recount uses
  const sessao = opts.urlDireta
    ? protegerPool(new pg.Pool({ ...comum, connectionString: opts.urlDireta, max: 2 }), "sessao", opts.logErro)
    : app;
  return {
    app,
    leitura,
    sessao,
    close: async () => {
      await Promise.all([...new Set([app, leitura, sessao])].map((p) => p.end()));
    },
  };
}

/**
 * Fails the start unless the pools log in as crm_app itself, with no way back to more privilege: not a superuser,
 * no BYPASSRLS, no role creation, owning no table, and not a member of any other role (a `SET ROLE` could not
 * escape row-level security).
 */
export async function conferirPapelDaAplicacao(db: { app: pg.Pool; leitura: pg.Pool; sessao?: pg.Pool }): Promise<void> {
  for (const pool of new Set([db.app, db.leitura, db.sessao ?? db.app])) {
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
