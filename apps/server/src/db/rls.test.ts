import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/db.js";
import { conferirPapelDaAplicacao, createDb, isoDeTimestamptz, type TDb } from "./pool.js";
import { prepararLoginDaAplicacao } from "./roles.js";
import { lerComTenant, unsafeWithSystem, withTenant } from "./tenant.js";

let db: TDb;
let dono: pg.Pool;
let drop: () => Promise<void>;
const ids = { a: "", b: "", userA: "" };

beforeAll(async () => {
  const t = await createTestDatabase();
  drop = t.drop;
  dono = new pg.Pool({ connectionString: t.url, max: 2 });
  db = createDb(await prepararLoginDaAplicacao({ owner: dono, ownerUrl: t.url, appSecret: "x".repeat(40) }));
  await unsafeWithSystem(db.app, "teste", async (tx) => {
    const e = await tx.query(
      "INSERT INTO empresas (nome_empresa, email_contato) VALUES ('A', 'a@a.com'), ('B', 'b@b.com') RETURNING id",
    );
    [ids.a, ids.b] = e.rows.map((r) => r.id);
    const u = await tx.query(
      "INSERT INTO usuarios_plataforma (id_empresa_fk, email, papel, senha_hash) VALUES ($1, 'u@a.com', 'Admin Empresa', 'x') RETURNING id",
      [ids.a],
    );
    ids.userA = u.rows[0].id;
    await tx.query("INSERT INTO leads_juros_check (id_empresa_fk, nome) VALUES ($1, 'Lead A'), ($2, 'Lead B')", [ids.a, ids.b]);
  });
});
afterAll(async () => {
  await db.close();
  await dono.end();
  await drop();
});

describe("row-level security", () => {
  const ctxA = () => ({ empresaId: ids.a, usuarioId: ids.userA, papel: "Admin Empresa" as const });

  it("shows a company only its own rows, even without a WHERE", async () => {
    const rows = await withTenant(db.app, ctxA(), async (tx) => (await tx.query("SELECT nome FROM leads_juros_check")).rows);
    expect(rows.map((r) => r.nome)).toEqual(["Lead A"]);
  });

  it("shows nothing when no tenant is set", async () => {
    const { rows } = await db.app.query("SELECT count(*)::int AS n FROM leads_juros_check");
    expect(rows[0].n).toBe(0);
  });

  it("refuses to write a row into another company", async () => {
    await expect(
      withTenant(db.app, ctxA(), (tx) =>
        tx.query("INSERT INTO leads_juros_check (id_empresa_fk, nome) VALUES ($1, 'x')", [ids.b]),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it("cannot update or delete another company's rows", async () => {
    const n = await withTenant(db.app, ctxA(), async (tx) => {
      const u = await tx.query("UPDATE leads_juros_check SET nome = 'hacked' WHERE id_empresa_fk = $1", [ids.b]);
      const d = await tx.query("DELETE FROM leads_juros_check WHERE id_empresa_fk = $1", [ids.b]);
      return (u.rowCount ?? 0) + (d.rowCount ?? 0);
    });
    expect(n).toBe(0);
    const still = await unsafeWithSystem(db.app, "teste", (tx) =>
      tx.query("SELECT nome FROM leads_juros_check WHERE id_empresa_fk = $1", [ids.b]),
    );
    expect(still.rows[0].nome).toBe("Lead B");
  });

  it("runs the application as a role that is neither owner nor superuser", async () => {
    const { rows } = await db.app.query(
      "SELECT current_user AS u, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS s",
    );
    expect(rows[0]).toEqual({ u: "crm_app", s: false });
  });

  it("logs in as crm_app itself: no way back to the owner or a superuser, owns nothing", async () => {
    const c = await db.app.connect();
    try {
      const { rows } = await c.query(
        `SELECT session_user AS s, r.rolcanlogin, r.rolsuper, r.rolbypassrls, r.rolcreaterole, r.rolcreatedb,
                (SELECT count(*)::int FROM pg_class WHERE relowner = r.oid) AS tabelas
           FROM pg_roles r WHERE r.rolname = session_user`,
      );
      expect(rows[0]).toEqual({
        s: "crm_app",
        rolcanlogin: true,
        rolsuper: false,
        rolbypassrls: false,
        rolcreaterole: false,
        rolcreatedb: false,
        tabelas: 0,
      });
      // what an injected statement would try: become the owner or give up the role
      await expect(c.query("SET ROLE postgres")).rejects.toThrow(/permission denied/);
      const [, depois] = (await c.query("SET ROLE NONE; SELECT current_user AS u")) as unknown as { rows: { u: string }[] }[];
      expect(depois.rows).toEqual([{ u: "crm_app" }]);
      await expect(c.query("ALTER TABLE leads_juros_check DISABLE ROW LEVEL SECURITY")).rejects.toThrow(/must be owner/);
    } finally {
      c.release(true);
    }
  });

  it("keeps that role from the first statement, even after RESET ROLE, on both pools", async () => {
    for (const pool of [db.app, db.leitura]) {
      const c = await pool.connect();
      try {
        const [, depois] = (await c.query("RESET ROLE; SELECT current_user AS u")) as unknown as { rows: { u: string }[] }[];
        expect(depois.rows).toEqual([{ u: "crm_app" }]);
      } finally {
        c.release(true);
      }
    }
  });

  it("refuses to start when a pool would run as another role (a pooler that dropped the startup option)", async () => {
    await expect(conferirPapelDaAplicacao(db)).resolves.toBeUndefined();
    await expect(conferirPapelDaAplicacao({ ...db, leitura: dono })).rejects.toThrow(/não como crm_app/);
  });

  it("gives the read pool's times as the ISO text Date#toISOString would", async () => {
    const valores = [
      "2026-11-21 23:51:55.128559+00",
      "2026-01-05 10:00:00.5+00",
      "2026-01-05 10:00:00+00",
      "1999-12-31 23:59:59.999999+00",
      "2026-03-01 02:59:59.01-03",
      "2024-02-29 12:00:00.1+05:30",
    ];
    expect(isoDeTimestamptz("infinity")).toBe("infinity");
    const sql = "SELECT unnest($1::timestamptz[]) AS t";
    const lidos = (await db.leitura.query(sql, [valores])).rows.map((r) => r.t);
    const esperados = (await dono.query(sql, [valores])).rows.map((r) => (r.t as Date).toISOString());
    expect(lidos).toEqual(esperados);
    expect(lidos[0]).toBe("2026-11-21T23:51:55.128Z");
  });

  it("forces RLS on every table that has id_empresa_fk", async () => {
    const { rows } = await dono.query(`
      SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r'
         AND EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = c.relname AND column_name = 'id_empresa_fk')
         AND NOT (c.relrowsecurity AND c.relforcerowsecurity)`);
    expect(rows).toEqual([]);
  });

  it("sets the context values literally, whatever characters they hold", async () => {
    const estranho = "Admin Empresa'); SET ROLE postgres; --";
    const { rows } = await withTenant(db.app, { ...ctxA(), papel: estranho as "Admin Empresa" }, (tx) =>
      tx.query("SELECT current_setting('app.papel') AS papel, current_user AS u"),
    );
    expect(rows[0]).toEqual({ papel: estranho, u: "crm_app" });
  });

  it("reads in one round trip on the pipelined pool with the same isolation, read-only", async () => {
    const ler = (sql: string) => lerComTenant(db.leitura, ctxA(), async () => ({ text: sql }));
    expect((await ler("SELECT nome FROM leads_juros_check")).rows).toEqual([{ nome: "Lead A" }]);
    expect((await ler("SELECT current_user AS u, current_setting('app.empresa_id') AS e")).rows).toEqual([
      { u: "crm_app", e: ids.a },
    ]);
    // planned for its values unless the caller says one plan suits all (and only for that transaction)
    expect((await ler("SELECT current_setting('plan_cache_mode') AS m")).rows).toEqual([{ m: "force_custom_plan" }]);
    const generico = await lerComTenant(
      db.leitura,
      ctxA(),
      async () => ({ text: "SELECT current_setting('plan_cache_mode') AS m" }),
      {
        planoGenerico: true,
      },
    );
    expect(generico.rows).toEqual([{ m: "force_generic_plan" }]);
    await expect(ler("UPDATE leads_juros_check SET nome = 'x'")).rejects.toThrow(/read-only/);
    await expect(ler("SELECT 1/0")).rejects.toThrow(/division by zero/);
    // after failures the pooled connections are clean: no transaction, no tenant nor plan mode left behind
    for (let i = 0; i < 3; i++) {
      const { rows } = await db.leitura.query(
        "SELECT current_setting('app.empresa_id', true) AS e, current_setting('plan_cache_mode') AS m, count(*)::int AS n FROM leads_juros_check",
      );
      expect(rows[0]).toEqual({ e: "", m: "auto", n: 0 });
    }
    const { rows } = await unsafeWithSystem(db.app, "teste", (tx) =>
      tx.query("SELECT nome FROM leads_juros_check ORDER BY nome"),
    );
    expect(rows.map((r) => r.nome)).toEqual(["Lead A", "Lead B"]);
  });
});
