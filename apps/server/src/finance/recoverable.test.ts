import { STATUS_FORA_DO_PIPELINE } from "@crm/domain/revisional/recoverable";
import type { TFinanceiro } from "@crm/domain/schemas/finance";
import { STATUS_LEAD } from "@crm/domain/status";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import {
  criarAleatorio,
  criarConsultor,
  criarEmpresaComUsuarios,
  linhaLead,
  type TAleatorio,
  type TConsultor,
  type TEmpresaComUsuarios,
} from "../../test/factories.js";
import { excluirLeads, mudarLeads } from "../../test/logged-writes.js";
import { resumoERecontagemRecuperavel } from "../../test/recoverable-recount.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { resumoExato } from "../derived/rollup.js";
import { inserirVarios } from "../seed/bulk.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
const consultores: TConsultor[] = [];
const FUSO = "America/Sao_Paulo";
const ORIGENS = ["Site", "Indicação", "WhatsApp", "Manual", "Facebook Ads"];
const FAIXAS = ["abaixo", "ate_1_1", "de_1_1_a_1_5", "de_1_5_a_2", "de_2_a_3", "acima_de_3", null];
const r = criarAleatorio(1404);

/** A lead's contract cache as the revisional job leaves it: computed (with or without an overpayment) or not yet. */
function cache(x: TAleatorio) {
  const prazo = x.chance(0.9) ? x.int(1, 96) : null;
  const calculado = x.chance(0.8);
  const excesso = x.int(0, 90_000);
  return {
    quantidade_parcelas: prazo,
    quantidade_parcelas_pagas: prazo !== null && x.chance(0.8) ? x.int(0, prazo) : null,
    revisional_faixa: calculado ? x.escolher(FAIXAS) : null,
    revisional_sobrepago_centavos: calculado && prazo !== null && x.chance(0.9) ? excesso * prazo : null,
    revisional_calculado_em: calculado ? new Date() : null,
  };
}

function lead(x: TAleatorio, empresaId: string, cs: TConsultor[]) {
  const origem = x.escolher(ORIGENS);
  return linhaLead({
    id: x.uuid(),
    id_empresa_fk: empresaId,
    // around São Paulo midnights of March's last days, and spread over the quarter
    created_at: x.chance(0.3)
      ? new Date(Date.UTC(2025, 2, 31, 3, 0, 0) + x.int(-90, 90) * 60_000 + x.int(-2, 1) * 86_400_000)
      : new Date(Date.UTC(2025, 0, 1) + x.int(0, 100 * 86_400) * 1000),
    origem_lead: origem,
    campanha_origem: origem === "Facebook Ads" ? x.escolher(["Revisão Já", "Juros Abusivos"]) : null,
    consultor_atribuido_id: x.chance(0.8) ? x.escolher(cs).id : null,
    status_lead: x.escolher(STATUS_LEAD),
    ...cache(x),
  });
}

const resumoERecontagem = (empresaId: string) => resumoERecontagemRecuperavel(t.dono, empresaId);

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    consultores.push(a.consultor, await criarConsultor(tx, { id_empresa_fk: a.empresa.id, nome: "Beatriz Alves" }));
    await inserirVarios(
      tx,
      "leads_juros_check",
      Array.from({ length: 300 }, () => lead(r, a.empresa.id, consultores)),
    );
    await inserirVarios(
      tx,
      "leads_juros_check",
      Array.from({ length: 120 }, () => lead(r, b.empresa.id, [b.consultor])),
    );
  });
});

describe("the recoverable value's per-day summary (migration 0030) stays equal to a recount of the leads", () => {
  it("SQL's open-pipeline test and the domain's list agree on every status", async () => {
    const { rows } = await t.dono.query("SELECT s, financas_pipeline_aberto(s) AS aberto FROM unnest($1::text[]) s", [
      STATUS_LEAD,
    ]);
    for (const { s, aberto } of rows) expect(aberto, s).toBe(!STATUS_FORA_DO_PIPELINE.includes(s));
  });

  it("after inserts, and after each of 12 rounds of random changes of every kind", async () => {
    expect((await resumoERecontagem(a.empresa.id)).resumo.length).toBeGreaterThan(30);
    for (let rodada = 0; rodada < 12; rodada++) {
      await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
        const { rows } = await tx.query("SELECT id FROM leads_juros_check WHERE id_empresa_fk = $1 ORDER BY random() LIMIT 60", [
          a.empresa.id,
        ]);
        const ids = rows.map((x) => x.id as string);
        const onde = "id_empresa_fk = $1 AND id = $2";
        const um = (set: string, ...p: unknown[]) => mudarLeads(tx, set, onde, [a.empresa.id, r.escolher(ids), ...p]);
        for (let i = 0; i < 15; i++) {
          switch (r.int(0, 8)) {
            case 0:
              await um("status_lead = $3", r.escolher(STATUS_LEAD));
              break;
            case 1: {
              const c = cache(r);
              await um(
                `quantidade_parcelas = $3, quantidade_parcelas_pagas = $4, revisional_faixa = $5,
                        revisional_sobrepago_centavos = $6`,
                c.quantidade_parcelas,
                c.quantidade_parcelas_pagas,
                c.revisional_faixa,
                c.revisional_sobrepago_centavos,
              );
              break;
            }
            case 2:
              await um("quantidade_parcelas_pagas = least(quantidade_parcelas, coalesce(quantidade_parcelas_pagas, 0) + 1)");
              break;
            case 3:
              await um(
                "origem_lead = $3, consultor_atribuido_id = $4",
                r.escolher(ORIGENS),
                r.chance(0.5) ? r.escolher(consultores).id : null,
              );
              break;
            case 4:
              await um("created_at = created_at + $3 * interval '1 minute'", r.int(-3000, 3000));
              break;
            case 5:
              await excluirLeads(tx, onde, [a.empresa.id, r.escolher(ids)]);
              break;
            case 6:
              await inserirVarios(
                tx,
                "leads_juros_check",
                Array.from({ length: r.int(1, 5) }, () => lead(r, a.empresa.id, consultores)),
              );
              break;
            case 7:
              // the frequent updates that move nothing of the summary
              await um("observacoes = $3", `nota ${i}`);
              break;
            default:
              // a batch as the revisional job writes it: many leads, one statement
              await mudarLeads(
                tx,
                `revisional_sobrepago_centavos = CASE WHEN quantidade_parcelas > 0
                   THEN quantidade_parcelas * (1 + abs(hashtext(l.id::text || $2)) % 50000) END, revisional_faixa = 'de_2_a_3'`,
                "id_empresa_fk = $1 AND id = ANY ($3::uuid[])",
                [a.empresa.id, String(rodada), ids.slice(0, 20)],
              );
          }
        }
      });
      const { resumo, recontagem } = await resumoERecontagem(a.empresa.id);
      expect(resumo, `rodada ${rodada}`).toEqual(recontagem);
      // the per-day × band totals the unfiltered card reads equal the detailed summary rolled up
      const { rows: dif } = await t.dono.query(
        `WITH d AS (SELECT id_empresa_fk, dia, faixa, sum(leads)::int AS n, sum(sobrepago_total_centavos) AS t,
                           sum(sobrepago_ate_agora_centavos) AS a FROM ${resumoExato("financas_recuperavel_diaria")} GROUP BY 1, 2, 3
                     HAVING (sum(leads), sum(sobrepago_total_centavos), sum(sobrepago_ate_agora_centavos)) <> (0, 0, 0)),
              p AS (SELECT id_empresa_fk, dia, faixa, leads AS n, sobrepago_total_centavos AS t, sobrepago_ate_agora_centavos AS a
                      FROM ${resumoExato("financas_recuperavel_dia")}
                     WHERE (leads, sobrepago_total_centavos, sobrepago_ate_agora_centavos) <> (0, 0, 0))
         (SELECT * FROM d EXCEPT SELECT * FROM p) UNION ALL (SELECT * FROM p EXCEPT SELECT * FROM d)`,
      );
      expect(dif, `rodada ${rodada}`).toEqual([]);
    }
    const outra = await resumoERecontagem(b.empresa.id);
    expect(outra.resumo).toEqual(outra.recontagem);
    expect(outra.resumo.length).toBeGreaterThan(10);
  });
});

const financeiro = async (qs: string, nav = a.navegadores.admin) => {
  const res = await nav.req({ url: `/api/financeiro?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TFinanceiro).recuperavel;
};

/** Straight from the leads, with São Paulo calendar days and the so-far rule written out again. */
async function esperado(empresaId: string, de: string, ate: string, f: { origem?: string; campanha?: string } = {}) {
  const { rows } = await t.dono.query(
    `SELECT coalesce(revisional_faixa, 'sem_faixa') AS faixa, count(*)::int AS leads, sum(revisional_sobrepago_centavos)::float8 AS total,
            sum(CASE WHEN quantidade_parcelas_pagas IS NULL THEN 0
                     ELSE (revisional_sobrepago_centavos / quantidade_parcelas) * least(quantidade_parcelas_pagas, quantidade_parcelas) END)::float8 AS ate
       FROM leads_juros_check
      WHERE id_empresa_fk = $1 AND (created_at AT TIME ZONE '${FUSO}')::date BETWEEN $2::date AND $3::date
        AND revisional_sobrepago_centavos IS NOT NULL AND NOT (status_lead = ANY ($4::text[]))
        AND ($5::text IS NULL OR origem_lead = $5) AND ($6::text IS NULL OR campanha_origem = $6)
      GROUP BY 1`,
    [empresaId, de, ate, STATUS_FORA_DO_PIPELINE, f.origem ?? null, f.campanha ?? null],
  );
  return {
    leads: rows.reduce((s, x) => s + x.leads, 0),
    total: rows.reduce((s, x) => s + x.total, 0) / 100,
    ateAgora: rows.reduce((s, x) => s + x.ate, 0) / 100,
    porFaixa: Object.fromEntries(rows.map((x) => [x.faixa, { leads: x.leads, total: x.total / 100, ateAgora: x.ate / 100 }])),
  };
}

const porFaixa = (d: TFinanceiro["recuperavel"]) =>
  Object.fromEntries(d.porFaixa.map((x) => [x.faixa, { leads: x.leads, total: x.total, ateAgora: x.ateAgora }]));

describe("GET /api/financeiro: 'Valor recuperável estimado'", () => {
  it("equals the period's open leads with a computed pre-analysis, by band, to the cent (March 2025, São Paulo days)", async () => {
    const d = await financeiro("periodo=custom&inicio=2025-03-01&fim=2025-03-31");
    const e = await esperado(a.empresa.id, "2025-03-01", "2025-03-31");
    expect(e.leads).toBeGreaterThan(20);
    expect(e.ateAgora).toBeGreaterThan(0);
    expect({ leads: d.leads, total: d.total, ateAgora: d.ateAgora }).toEqual({
      leads: e.leads,
      total: e.total,
      ateAgora: e.ateAgora,
    });
    expect(porFaixa(d)).toEqual(e.porFaixa);
    // highest band first, each with its label
    expect(d.porFaixa.map((x) => x.faixa).indexOf("acima_de_3")).toBeLessThan(d.porFaixa.map((x) => x.faixa).indexOf("abaixo"));
    expect(d.porFaixa.find((x) => x.faixa === "de_1_5_a_2")?.rotulo).toBe("De 1,5× a 2× a média");
  });

  it("one day at a month end, and the origin and campaign filters of the leads", async () => {
    const dia = await financeiro("periodo=custom&inicio=2025-03-31&fim=2025-03-31");
    expect(dia.total).toBe((await esperado(a.empresa.id, "2025-03-31", "2025-03-31")).total);
    // periods whose ends are loose days added to, or subtracted from, whole months (migration 0041)
    for (const [de, ate] of [
      ["2025-02-10", "2025-03-20"],
      ["2025-01-20", "2025-03-31"],
      ["2025-03-02", "2025-03-30"],
    ]) {
      const d = await financeiro(`periodo=custom&inicio=${de}&fim=${ate}`);
      expect(porFaixa(d), `${de} a ${ate}`).toEqual((await esperado(a.empresa.id, de, ate)).porFaixa);
    }
    const origem = await financeiro("periodo=all&origem=Site");
    const eo = await esperado(a.empresa.id, "2000-01-01", "2100-01-01", { origem: "Site" });
    expect({ leads: origem.leads, total: origem.total, ateAgora: origem.ateAgora }).toMatchObject({
      leads: eo.leads,
      total: eo.total,
      ateAgora: eo.ateAgora,
    });
    const campanha = await financeiro(`periodo=all&campanha=${encodeURIComponent("Juros Abusivos")}`);
    const ec = await esperado(a.empresa.id, "2000-01-01", "2100-01-01", { campanha: "Juros Abusivos" });
    expect(ec.leads).toBeGreaterThan(0);
    expect(porFaixa(campanha)).toEqual(ec.porFaixa);
    // the platform filter narrows costs only
    const todos = await financeiro("periodo=all");
    expect((await financeiro("periodo=all&plataforma=Google")).total).toBe(todos.total);
  });

  it("counts only the company's own leads, and an empty period is zero with no bands", async () => {
    const d = await financeiro("periodo=all", b.navegadores.admin);
    expect(d.total).toBe((await esperado(b.empresa.id, "2000-01-01", "2100-01-01")).total);
    const vazio = await financeiro("periodo=custom&inicio=2020-01-01&fim=2020-01-31");
    expect(vazio).toEqual({ leads: 0, total: 0, ateAgora: 0, porFaixa: [] });
  });
});
