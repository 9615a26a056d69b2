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
   * which is why this is a pool of its own.
   */
  leitura: pg.Pool;
  /** Owner connection: migrations, test database set-up and nothing else. */
  owner: pg.Pool;
  close: () => Promise<void>;
};

export function createDb(url: string, opts: { max?: number } = {}): TDb {
  const owner = new pg.Pool({ connectionString: url, max: 2 });
  const app = new pg.Pool({ connectionString: url, max: opts.max ?? 20 });
  const leitura = new pg.Pool({ connectionString: url, max: opts.max ?? 20, pipeline: true });
  for (const p of [app, leitura]) {
    p.on("connect", (client) => {
      // queued before any other query on this client, so nothing ever runs as the owner
      client.query(`SET ROLE ${APP_ROLE}`).catch(() => client.release?.());
    });
  }
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

/** Replaces the database name in a connection URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
