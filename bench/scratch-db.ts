// A bench's own embedded PostgreSQL in a temp dir, migrated, with the owner's pool and the application's pools (crm_app
// under row-level security), for benches that call the product's functions directly instead of its HTTP server.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Pg from "pg";
import { startEmbeddedPostgres } from "../apps/server/src/db/embedded.js";
import { migrate } from "../apps/server/src/db/migrate.js";
import { createDb, type TDb } from "../apps/server/src/db/pool.js";
import { prepararLoginDaAplicacao } from "../apps/server/src/db/roles.js";

export type TBancoDeBancada = { dono: Pg.Pool; db: TDb; fechar: () => Promise<void> };

export async function bancoDeBancada(rotulo: string): Promise<TBancoDeBancada> {
  process.env.APP_SECRET ??= "bench-".repeat(6);
  const dir = mkdtempSync(path.join(tmpdir(), `crm-bench-${rotulo}-`));
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), password: "bench", persistent: false });
  const dono = new Pg.Pool({ connectionString: pg.url, max: 2 });
  // the server's shutdown may reach a client the pool is still closing: without a listener that error ends the
  // process before the bench prints its figures
  dono.on("error", () => {});
  const parar = async () => {
    await dono.end();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await migrate(dono);
    const db = createDb(await prepararLoginDaAplicacao({ owner: dono, ownerUrl: pg.url, appSecret: process.env.APP_SECRET }), {
      max: 2,
    });
    return {
      dono,
      db,
      async fechar() {
        await Promise.all([db.app.end(), db.leitura.end()]);
        await parar();
      },
    };
  } catch (e) {
    await parar();
    throw e;
  }
}
