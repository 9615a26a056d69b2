import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/db.js";
import { createDb, type TDb } from "../db/pool.js";
import { seedDemoIfEmpty } from "../seed/demo.js";
import { recalcularPendentes } from "./recompute.js";

let db: TDb;
let drop: () => Promise<void>;
beforeAll(async () => {
  const t = await createTestDatabase();
  db = createDb(t.url);
  drop = t.drop;
  await seedDemoIfEmpty({ db }, { info: () => {} });
});
afterAll(async () => {
  await db?.close();
  await drop?.();
});

describe("the revisional pre-analysis on the demo data (npm start)", () => {
  it("the illustrative rate snapshot covers every series up to last month, labelled as such", async () => {
    const { rows } = await db.app.query(
      `SELECT codigo_serie, bool_and(ilustrativa AND origem = 'demo') AS rotuladas, max(competencia) >= date_trunc('month', now()) - interval '1 month' AS recente
         FROM taxas_bacen GROUP BY codigo_serie`,
    );
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.rotuladas && r.recente)).toBe(true);
    // imobiliário's 20772 in its own unit, % a.a., within its plausible range (4–30)
    const { rows: imob } = await db.app.query(
      "SELECT min(taxa)::float8 AS min, max(taxa)::float8 AS max FROM taxas_bacen WHERE codigo_serie = 20772",
    );
    expect(imob[0].min).toBeGreaterThanOrEqual(4);
    expect(imob[0].max).toBeLessThanOrEqual(30);
  });

  it("the demo company's leads spread over the bands once the sweep has run", async () => {
    await recalcularPendentes(db.app);
    const { rows } = await db.app.query(
      `SELECT l.revisional_faixa AS faixa, count(*)::int AS n FROM leads_juros_check l JOIN empresas e ON e.id = l.id_empresa_fk
        WHERE e.nome_empresa = 'Revisão Demo Ltda' AND l.revisional_faixa IS NOT NULL GROUP BY 1`,
    );
    const faixas = new Map(rows.map((r) => [r.faixa, r.n]));
    for (const f of ["de_1_1_a_1_5", "de_1_5_a_2", "de_2_a_3"]) expect(faixas.get(f) ?? 0, f).toBeGreaterThan(5);
  });

  it("the demo company's imobiliário leads have a real card: a reference found, a ratio and a band", async () => {
    const { rows } = await db.app.query(
      `SELECT l.revisional_faixa AS faixa FROM leads_juros_check l JOIN empresas e ON e.id = l.id_empresa_fk
        WHERE e.nome_empresa = 'Revisão Demo Ltda' AND l.modalidade_credito = 'imobiliario' AND l.revisional_razao IS NOT NULL`,
    );
    expect(rows.length).toBeGreaterThan(3);
    expect(new Set(rows.map((r) => r.faixa)).size).toBeGreaterThan(1);
  });
});
