import { PAPEL } from "@crm/domain/roles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/db.js";
import { createDb, type TDb } from "../db/pool.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { seedDemoIfEmpty } from "../seed/demo.js";
import { listarUsuariosPlataforma } from "./list-users.js";
import { lerIndicadoresPlataforma } from "./platform-figures.js";

let db: TDb;
let drop: () => Promise<void>;
let usuarioId: string;

beforeAll(async () => {
  const t = await createTestDatabase();
  db = createDb(t.url);
  drop = t.drop;
  // seeded as npm start does: relative to now, so the default period (the last twelve months) sees the demo
  await seedDemoIfEmpty({ db }, { info: () => {} });
  const r = await unsafeWithSystem(db.app, "teste", (tx) =>
    tx.query("SELECT id FROM usuarios_plataforma WHERE email = 'plataforma@demo.com.br'"),
  );
  usuarioId = r.rows[0].id;
});
afterAll(async () => {
  await db?.close();
  await drop?.();
});

describe("the demo's platform screens on npm start", () => {
  it("show several companies over months, every plan, users, leads, conversion and revenue", async () => {
    const ctx = { empresaId: null, usuarioId, papel: PAPEL.plataforma };
    const f = await lerIndicadoresPlataforma({ db }, ctx, { porEmpresa: true });
    expect(f.cartoes.empresas).toBeGreaterThanOrEqual(6);
    expect(f.cartoes.ativas).toBeGreaterThan(0);
    expect(f.cartoes.suspensas).toBeGreaterThan(0);
    expect(f.cartoes.emTeste).toBeGreaterThan(0);
    expect(f.cartoes.usuarios).toBeGreaterThan(10);
    expect(f.cartoes.leads).toBeGreaterThan(100);
    expect(f.cartoes.taxaConversao).toBeGreaterThan(0);
    expect(f.cartoes.mrr).toBeGreaterThan(0);
    // the growth line moves over several months and the pie has every plan
    expect(new Set(f.crescimento.map((m) => m.total)).size).toBeGreaterThanOrEqual(3);
    expect(f.planos.every((p) => p.empresas > 0)).toBe(true);
    expect(f.empresas?.filter((e) => e.leads > 0).length).toBeGreaterThanOrEqual(4);
    const u = await listarUsuariosPlataforma({ db }, ctx, { pagina: 1 });
    expect(u.total).toBeGreaterThan(20);
    expect(u.empresas.length).toBe(f.cartoes.empresas);
  });
});
