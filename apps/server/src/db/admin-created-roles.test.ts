import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { SEGREDO_TESTES } from "../../test/global-setup.js";
import { migrate } from "./migrate.js";
import { withDatabase } from "./pool.js";
import { senhaDoPapelDaAplicacao, urlDoPapelDaAplicacao } from "./roles.js";

// docs/operations.md, "Created by the administrator": the owner logs in with no CREATEROLE and is made a member of
// crm_app by the administrator. crm_app itself belongs to the whole cluster and exists already (the test template
// created it), as the document's CREATE ROLE crm_app would have.
const sufixo = randomBytes(4).toString("hex");
const dono = `crm_owner_${sufixo}`;
const banco = `crm_doc_${sufixo}`;
const senhaDono = randomBytes(12).toString("hex");

async function comoAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: inject("pgAdminUrl") });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

afterAll(() =>
  comoAdmin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${banco} WITH (FORCE)`);
    await c.query(`DROP ROLE IF EXISTS ${dono}`);
  }),
);

describe("roles created by the administrator, as docs/operations.md writes them", () => {
  it("migrate as that owner, and crm_app then reads under row-level security", async () => {
    await comoAdmin(async (c) => {
      await c.query(`CREATE ROLE ${dono} LOGIN PASSWORD '${senhaDono}'`);
      await c.query(`CREATE DATABASE ${banco} OWNER ${dono}`);
      await c.query(`GRANT crm_app TO ${dono}`);
    });
    const url = new URL(withDatabase(inject("pgAdminUrl"), banco));
    url.username = dono;
    url.password = senhaDono;
    const owner = new pg.Pool({ connectionString: url.toString(), max: 2 });
    try {
      // failed before decision 1852 with "permission denied to grant role crm_app" at 0001_base
      const aplicadas = await migrate(owner);
      expect(aplicadas[0]).toBe("0001_base");
      const { rows } = await owner.query("SELECT tableowner FROM pg_tables WHERE tablename = 'leads_juros_check'");
      expect(rows[0].tableowner).toBe(dono);
    } finally {
      await owner.end();
    }
    const app = new pg.Client({
      connectionString: urlDoPapelDaAplicacao(url.toString(), senhaDoPapelDaAplicacao(SEGREDO_TESTES)),
    });
    await app.connect();
    try {
      // no tenant set: RLS shows nothing, and the login is the unprivileged role
      const { rows } = await app.query("SELECT count(*)::int AS n FROM leads_juros_check");
      expect(rows[0].n).toBe(0);
      const semTenant = await app.query(
        "SELECT current_user AS u, (SELECT rolbypassrls FROM pg_roles WHERE rolname = current_user) AS b",
      );
      expect(semTenant.rows[0]).toEqual({ u: "crm_app", b: false });
    } finally {
      await app.end();
    }
  });
});
