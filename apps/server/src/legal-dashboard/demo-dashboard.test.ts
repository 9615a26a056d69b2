import { PAPEL } from "@crm/domain/roles";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../../test/db.js";
import { createDb, type TDb } from "../db/pool.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { seedDemoIfEmpty } from "../seed/demo.js";
import { lerPainelJuridico } from "./read-dashboard.js";

// The demo company's legal dashboard is meaningful on `npm start` (decision 1104): statuses spread, closed values,
// months of history, at least one alert.

const AGORA = new Date();
let banco: { db: TDb; drop: () => Promise<void> };

beforeAll(async () => {
  const t = await createTestDatabase();
  banco = { db: createDb(t.url), drop: t.drop };
  await seedDemoIfEmpty({ db: banco.db }, { info: () => {} }, { agora: AGORA });
});
afterAll(async () => {
  await banco.db.close();
  await banco.drop();
});

it("the demo's legal dashboard has processes in several statuses, closed values, months of history and an alert", async () => {
  const [j] = await unsafeWithSystem(
    banco.db.app,
    "teste",
    async (tx) => (await tx.query("SELECT id, id_empresa_fk FROM usuarios_plataforma WHERE email = 'juridico@demo.com.br'")).rows,
  );
  const p = await lerPainelJuridico(
    { db: banco.db },
    { empresaId: j.id_empresa_fk, usuarioId: j.id, papel: PAPEL.juridico },
    AGORA,
  );
  expect(p.contadores.total).toBeGreaterThanOrEqual(10);
  expect(Object.values(p.porStatus).filter((n) => n > 0).length).toBeGreaterThanOrEqual(5);
  expect(p.contadores.emAndamento).toBeGreaterThan(0);
  expect(p.contadores.finalizados).toBeGreaterThan(0);
  expect(p.contadores.pendentes).toBeGreaterThan(0);
  expect(Number(p.valorFechadoTotal)).toBeGreaterThan(0);
  expect(p.processosRecentes).toHaveLength(5);
  expect(p.meses.filter((m) => m.abertos > 0).length).toBeGreaterThanOrEqual(3);
  expect(p.meses.some((m) => m.finalizados > 0)).toBe(true);
  expect(p.alertas.length).toBeGreaterThanOrEqual(1);
});
