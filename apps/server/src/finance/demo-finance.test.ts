import { CHAVES_KPI } from "@crm/domain/finance";
import { isoDiaSP } from "@crm/domain/period";
import { PAPEL } from "@crm/domain/roles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/db.js";
import { createDb, type TDb } from "../db/pool.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { recalcularPendentes } from "../revisional/recompute.js";
import { seedDemoIfEmpty } from "../seed/demo.js";
import { lerFinanceiro } from "./finance-figures.js";

let db: TDb;
let drop: () => Promise<void>;
let empresaId: string;
let usuarioId: string;
/**
 * The demo is seeded and read at one fixed instant (decision 1931), a Wednesday in June at 14:00 in São Paulo: its
 * dates are relative to the seeding hour, and 'Este Ano' is daily in the first weeks of January, so the real clock
 * gave another answer by the hour and the month.
 */
const AGORA = new Date("2026-06-17T14:00:00-03:00");

beforeAll(async () => {
  const t = await createTestDatabase();
  db = createDb(t.url);
  drop = t.drop;
  // seeded as npm start does, relative to its instant, so the presets see the demo's recent months
  await seedDemoIfEmpty({ db }, { info: () => {} }, { agora: AGORA });
  const r = await unsafeWithSystem(db.app, "teste", (tx) =>
    tx.query("SELECT id_empresa_fk AS empresa, id FROM usuarios_plataforma WHERE email = 'admin@demo.com.br'"),
  );
  empresaId = r.rows[0].empresa;
  usuarioId = r.rows[0].id;
});
afterAll(async () => {
  await db?.close();
  await drop?.();
});

describe("/financeiro on the demo data (npm start)", () => {
  it("every card, the trend, both pies and the ranking have figures in the default period and the previous one", async () => {
    const ctx = { empresaId, usuarioId, papel: PAPEL.admin, empresaNome: "Revisão Demo Ltda", plano: "Premium" as const };
    const d = await lerFinanceiro({ db }, ctx, { periodo: "last30days" }, AGORA);
    for (const k of CHAVES_KPI) {
      expect(d.kpis.atual[k], k).toBeGreaterThan(0);
      expect(d.kpis.anterior[k], k).toBeGreaterThan(0);
    }
    // revenue on at least 5 of the 30 days (seeded at each of the 24 hours of a day the demo shows 5 or 6)
    expect(d.tendencia.pontos.filter((p) => p.receita > 0).length).toBeGreaterThanOrEqual(5);
    expect(d.tendencia.pontos.filter((p) => p.custos > 0).length).toBeGreaterThan(20);
    expect(d.custosPorPlataforma.length).toBeGreaterThanOrEqual(4);
    expect(d.receitaPorOrigem.length).toBeGreaterThanOrEqual(3);
    expect(d.ranking.length).toBeGreaterThanOrEqual(3);
    expect(d.opcoes.campanhas.length).toBeGreaterThan(0);
    const ano = await lerFinanceiro({ db }, ctx, { periodo: "thisYear" }, AGORA);
    expect(ano.tendencia.agrupamento).toBe("semana");
    expect(ano.tendencia.pontos.filter((p) => p.receita > 0).length).toBeGreaterThan(4);
  });

  it("'Valor recuperável estimado' has figures in the default period once the pre-analyses are computed", async () => {
    // npm start runs the revisional sweep at start-up and every minute; here it runs once, directly
    await recalcularPendentes(db.app, isoDiaSP(AGORA));
    const ctx = { empresaId, usuarioId, papel: PAPEL.admin, empresaNome: "Revisão Demo Ltda", plano: "Premium" as const };
    const { recuperavel } = await lerFinanceiro({ db }, ctx, { periodo: "last30days" }, AGORA);
    expect(recuperavel.leads).toBeGreaterThan(3);
    expect(recuperavel.total).toBeGreaterThan(recuperavel.ateAgora);
    expect(recuperavel.ateAgora).toBeGreaterThan(0);
    expect(recuperavel.porFaixa.length).toBeGreaterThanOrEqual(3);
  });
});
