import { CONTAS_DEMO, DEMO_SENHA } from "@crm/domain/demo";
import type { TAtribuicao } from "@crm/domain/schemas/attribution";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { entrar } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { seedDemoIfEmpty } from "../seed/demo.js";

const t = useTestApp();
let admin: ReturnType<typeof t.navegador>;

beforeAll(async () => {
  await seedDemoIfEmpty(t.deps, { info: () => {} });
  admin = t.navegador();
  const conta = CONTAS_DEMO.find((c) => c.papel === "Admin Empresa");
  if (!conta) throw new Error("conta demo do admin");
  await entrar(admin, conta.email, DEMO_SENHA);
}, 120_000);

const campanhas = async (periodo: string) => {
  const res = await admin.req({ url: `/api/atribuicao/campanhas?periodo=${periodo}` });
  expect(res.statusCode).toBe(200);
  return res.json() as TAtribuicao;
};

describe("the demo's per-campaign figures are meaningful on npm start", () => {
  it("the last 30 days have campaigns with leads and costs, ads, and organic leads", async () => {
    const r = await campanhas("last30days");
    const comTudo = r.campanhas.filter((c) => c.leads > 0 && Number(c.custo) > 0 && c.custoPorLead !== null);
    expect(comTudo.length).toBeGreaterThanOrEqual(3);
    expect(r.anuncios.filter((a) => a.leads > 0 && Number(a.custo) > 0).length).toBeGreaterThanOrEqual(3);
    expect(r.organico.leads).toBeGreaterThan(0);
  });

  it("over the year, campaigns convert, with revenue and a ROI", async () => {
    const r = await campanhas("thisYear");
    const convertem = r.campanhas.filter((c) => c.conversoes > 0 && Number(c.receita) > 0 && c.roi !== 0);
    expect(convertem.length).toBeGreaterThanOrEqual(3);
    expect(r.campanhas.some((c) => c.qualificadosIa > 0 && c.custoPorQualificado !== null)).toBe(true);
  });

  it("attributed leads carry their click id and the raw referral is on their first message", async () => {
    const [n] = await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      const { rows } = await tx.query(
        `SELECT count(*) FILTER (WHERE ctwa_clid IS NOT NULL)::int AS clid,
                (SELECT count(*)::int FROM mensagens_whatsapp WHERE referral ? 'ctwa_clid') AS referrals
           FROM leads_juros_check`,
      );
      return rows;
    });
    expect(n.clid).toBeGreaterThan(30);
    expect(n.referrals).toBeGreaterThan(0);
  });
});
