import pg from "pg";

// numeric (money) comes back as string so no precision is lost; the domain formats it
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export const APP_ROLE = "crm_app";

export type TDb = {
  /** Every application query runs through this pool, as the non-owner role crm_app: RLS always applies. */
  app: pg.Pool;
  /**
   * The same role on pipelined connections (pg's pipeline mode), for the hot single-query reads of tenant.ts
   * `lerComTenant`: BEGIN, the query and COMMIT in one round trip. Cursors cannot share a pipelined connection,
   * which is why this is a pool of its own. Its timestamptz values come back as ISO text (isoDeTimestamptz).
   */
  leitura: pg.Pool;
  /** Owner connection: migrations, test database set-up and nothing else. */
  owner: pg.Pool;
  close: () => Promise<void>;
};

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

export function createDb(url: string, opts: { max?: number } = {}): TDb {
  // the role is a startup setting, not a `SET ROLE` queued on connect: nothing ever runs as the owner, and even a
  // RESET ROLE falls back to crm_app
  const comoApp = `-c role=${APP_ROLE}`;
  const owner = new pg.Pool({ connectionString: url, max: 2 });
  const app = new pg.Pool({ connectionString: url, max: opts.max ?? 20, options: comoApp });
  const leitura = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 20,
    pipeline: true,
    options: `${comoApp} -c TimeZone=UTC`,
    types: tiposLeitura,
  });
  for (const p of [owner, app, leitura]) p.on("error", () => {});
  return {
    app,
    leitura,
    owner,
    close: async () => {
      await Promise.all([app.end(), leitura.end(), owner.end()]);
    },
  };
}

/**
 * Fails the start if the pools do not run as crm_app: a connection pooler that dropped the `role` startup option
 * would otherwise have the app run as the owner.
 */
export async function conferirPapelDaAplicacao(db: TDb): Promise<void> {
  for (const pool of [db.app, db.leitura]) {
    const { rows } = await pool.query("SELECT current_user AS u");
    if (rows[0].u !== APP_ROLE)
      throw new Error(
        `A aplicação conectou como ${rows[0].u}, não como ${APP_ROLE}: o pooler descartou a opção de início "role"?`,
      );
  }
}

/** Replaces the database name in a connection URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
