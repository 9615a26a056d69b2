import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../src/db/embedded.js";
import { migrate } from "../src/db/migrate.js";
import { withDatabase } from "../src/db/pool.js";
import { prepararLoginDaAplicacao } from "../src/db/roles.js";
import { instalarFilas } from "../src/jobs/jobs.js";

export const TEMPLATE_DB = "crm_test_template";
/** APP_SECRET of every test app (test/app.ts): crm_app's password derives from it. */
export const SEGREDO_TESTES = "x".repeat(40);

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * One PostgreSQL for the whole run (the embedded one, or TEST_DATABASE_URL / DATABASE_URL if given),
 * with a migrated template database; each test file clones it (test/db.ts).
 */
/**
 * The server and slow projects share one PostgreSQL: each project runs its global setup, so the first starts it and
 * the last to tear down stops it (kept on globalThis: both run in Vitest's main process, maybe as two module copies).
 */
type TCompartilhado = { adminUrl: Promise<string>; usuarios: number; parar: () => Promise<void> };
const global = globalThis as { crmTestPg?: TCompartilhado };

export default async function setup(project: TestProject) {
  if (!global.crmTestPg) {
    let parar = async () => {};
    const adminUrl = iniciar().then((r) => {
      parar = r.parar;
      return r.adminUrl;
    });
    global.crmTestPg = { adminUrl, usuarios: 0, parar: () => parar() };
  }
  const banco = global.crmTestPg;
  banco.usuarios++;
  project.provide("pgAdminUrl", await banco.adminUrl);
  return async () => {
    if (--banco.usuarios > 0) return;
    global.crmTestPg = undefined;
    await banco.parar();
  };
}

async function iniciar(): Promise<{ adminUrl: string; parar: () => Promise<void> }> {
  const given = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  let stop = async () => {};
  let dir: string | null = null;
  let adminUrl: string;
  if (given) {
    adminUrl = given;
  } else {
    dir = mkdtempSync(path.join(tmpdir(), "crm-test-pg-"));
    const server = await startEmbeddedPostgres({ dir, password: "test", persistent: false });
    adminUrl = server.url;
    stop = server.stop;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  // the template is migrated as the owner, with pg-boss's schema installed, so every file's clone starts ready
  const owner = new pg.Pool({ connectionString: withDatabase(adminUrl, TEMPLATE_DB), max: 1 });
  await migrate(owner);
  await owner.end();
  await instalarFilas(withDatabase(adminUrl, TEMPLATE_DB));
  // crm_app's login is set once here (roles belong to the cluster): test files starting together then just log in
  const dono = new pg.Pool({ connectionString: withDatabase(adminUrl, TEMPLATE_DB), max: 1 });
  await prepararLoginDaAplicacao({ owner: dono, ownerUrl: withDatabase(adminUrl, TEMPLATE_DB), appSecret: SEGREDO_TESTES });
  await dono.end();
  return {
    adminUrl,
    parar: async () => {
      await stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
