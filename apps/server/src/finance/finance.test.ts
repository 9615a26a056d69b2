import { TEXTO_FINANCEIRO } from "@crm/domain/finance";
import type { TFinanceiro } from "@crm/domain/schemas/finance";
import { PLATAFORMAS_MARKETING } from "@crm/domain/status";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import {
  criarAleatorio,
  criarConsultor,
  criarEmpresaComUsuarios,
  linhaLead,
  type TConsultor,
  type TEmpresaComUsuarios,
} from "../../test/factories.js";
import { excluirLeads, mudarLeads } from "../../test/logged-writes.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { resumoExato } from "../derived/rollup.js";
import { inserirVarios } from "../seed/bulk.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
const consultores: TConsultor[] = [];
const FUSO = "America/Sao_Paulo";
const ORIGENS = ["Site", "Indicação", "WhatsApp", "Manual", "Facebook Ads", "Google Ads"];
const CAMPANHAS = ["Revisão Março", "Juros Abusivos"];

/** Instants around São Paulo midnights of month ends (03:00Z is midnight there) and spread over Jan–Apr 2025. */
function instantes(r: ReturnType<typeof criarAleatorio>): Date[] {
  const bordas = ["2025-02-01", "2025-03-01", "2025-03-31", "2025-04-01", "2025-03-10", "2025-03-11"].map((d) =>
    new Date(`${d}T03:00:00Z`).getTime(),
  );
  const perto = bordas.flatMap((b) => [-60_000, -1, 0, 1, 59_000, -3 * 3_600_000 - 1].map((d) => new Date(b + d)));
  const inicio = Date.UTC(2025, 0, 1);
  const soltos = Array.from({ length: 260 }, () => new Date(inicio + r.int(0, 120 * 86_400) * 1000));
  return [...perto, ...soltos];
}

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  const r = criarAleatorio(1202);
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    consultores.push(a.consultor);
    for (const nome of ["Beatriz Alves", "Carlos Dias"])
      consultores.push(await criarConsultor(tx, { id_empresa_fk: a.empresa.id, nome }));
    for (const [e, n, cs] of [
      [a, 1, consultores],
      [b, 0.4, [b.consultor]],
    ] as const) {
      const linhas = instantes(r)
        .filter(() => r.chance(n))
        .map((quando) => {
          const origem = r.escolher(ORIGENS);
          const fechado = r.chance(0.35) ? (r.int(100_00, 5_000_000) / 100).toFixed(2) : r.chance(0.1) ? "0.00" : null;
          return linhaLead({
            id: r.uuid(),
            id_empresa_fk: e.empresa.id,
            created_at: quando,
            origem_lead: origem,
            campanha_origem: origem.endsWith("Ads") ? r.escolher(CAMPANHAS) : null,
            consultor_atribuido_id: r.chance(0.8) ? r.escolher(cs).id : null,
            valor_contrato_fechado: fechado,
            status_lead: fechado ? "Convertido (Ganho)" : "Em Atendimento",
          });
        });
      await inserirVarios(tx, "leads_juros_check", linhas);
      const custos = Array.from({ length: 160 }, (_, i) => ({
        id_empresa_fk: e.empresa.id,
        data_custo: new Date(Date.UTC(2025, 0, 1) + (i % 120) * 86_400_000).toISOString().slice(0, 10),
        plataforma: r.escolher(PLATAFORMAS_MARKETING),
        valor_gasto: (r.int(1_00, 900_00) / 100).toFixed(2),
      }));
      await inserirVarios(tx, "custos_marketing", custos);
    }
    // the summary follows every kind of change: closed value, consultant, origin, day, deletion
    const ids = (await tx.query("SELECT id FROM leads_juros_check WHERE id_empresa_fk = $1 ORDER BY id LIMIT 40", [a.empresa.id]))
      .rows;
    for (const [i, { id }] of ids.entries()) {
      const onde = "id_empresa_fk = $1 AND id = $2";
      if (i % 4 === 0) await mudarLeads(tx, "valor_contrato_fechado = 1234.56", onde, [a.empresa.id, id]);
      if (i % 4 === 1)
        await mudarLeads(tx, "consultor_atribuido_id = $3, origem_lead = 'Site'", onde, [a.empresa.id, id, consultores[2].id]);
      if (i % 4 === 2) await mudarLeads(tx, "created_at = created_at - interval '20 days'", onde, [a.empresa.id, id]);
      if (i % 8 === 3) await excluirLeads(tx, onde, [a.empresa.id, id]);
    }
  });
});

const financeiro = async (qs: string, nav = a.navegadores.admin) => {
  const res = await nav.req({ url: `/api/financeiro?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TFinanceiro;
};

type TFiltroSql = { origem?: string; consultor?: string; campanha?: string; plataforma?: string };

/** The figures straight from the tables with São Paulo calendar dates (no domain code, no summary). */
async function esperado(empresaId: string, de: string, ate: string, f: TFiltroSql = {}) {
  const { rows } = await t.dono.query(
    `SELECT count(*)::int AS leads, count(*) FILTER (WHERE valor_contrato_fechado > 0)::int AS convertidos,
            coalesce(sum(valor_contrato_fechado), 0)::text AS receita
       FROM leads_juros_check
      WHERE id_empresa_fk = $1 AND (created_at AT TIME ZONE '${FUSO}')::date BETWEEN $2::date AND $3::date
        AND ($4::text IS NULL OR origem_lead = $4) AND ($5::uuid IS NULL OR consultor_atribuido_id = $5)
        AND ($6::text IS NULL OR campanha_origem = $6)`,
    [empresaId, de, ate, f.origem ?? null, f.consultor ?? null, f.campanha ?? null],
  );
  const { rows: c } = await t.dono.query(
    `SELECT coalesce(sum(valor_gasto), 0)::text AS custos FROM custos_marketing
      WHERE id_empresa_fk = $1 AND data_custo BETWEEN $2::date AND $3::date AND ($4::text IS NULL OR plataforma = $4)`,
    [empresaId, de, ate, f.plataforma ?? null],
  );
  const receita = Number(rows[0].receita);
  const custos = Number(c[0].custos);
  const lucro = Math.round((receita - custos) * 100) / 100;
  const dois = (n: number) => Math.round(n * 100) / 100;
  return {
    receitaTotal: receita,
    custosTotais: custos,
    lucroLiquido: lucro,
    roi: custos > 0 ? dois((lucro / custos) * 100) : 0,
    leadsTotais: rows[0].leads,
    leadsConvertidos: rows[0].convertidos,
    custoPorLead: rows[0].leads > 0 ? dois(custos / rows[0].leads) : 0,
    valorMedioConversao: rows[0].convertidos > 0 ? dois(receita / rows[0].convertidos) : 0,
  };
}

describe("GET /api/financeiro: figures equal the tables' over São Paulo days", () => {
  it("March 2025 (to the minute around midnights and month ends) against the 31 days before", async () => {
    const d = await financeiro("periodo=custom&inicio=2025-03-01&fim=2025-03-31");
    expect(d.periodo).toEqual({ inicio: "2025-03-01", fim: "2025-03-31" });
    expect(d.periodoAnterior).toEqual({ inicio: "2025-01-29", fim: "2025-02-28" });
    const atual = await esperado(a.empresa.id, "2025-03-01", "2025-03-31");
    expect(atual.leadsTotais).toBeGreaterThan(50);
    expect(atual.leadsConvertidos).toBeGreaterThan(10);
    expect(atual.custosTotais).toBeGreaterThan(0);
    expect(d.kpis.atual).toEqual(atual);
    expect(d.kpis.anterior).toEqual(await esperado(a.empresa.id, "2025-01-29", "2025-02-28"));
  });

  it("one day at a month end: the minute before São Paulo midnight counts, the one after does not", async () => {
    const d = await financeiro("periodo=custom&inicio=2025-03-31&fim=2025-03-31");
    expect(d.kpis.atual).toEqual(await esperado(a.empresa.id, "2025-03-31", "2025-03-31"));
    expect(d.kpis.anterior).toEqual(await esperado(a.empresa.id, "2025-03-30", "2025-03-30"));
    expect(d.tendencia).toMatchObject({ agrupamento: "dia", pontos: [{ inicio: "2025-03-31", ultimo: "2025-03-31" }] });
  });

  it("the trend: daily points up to 30 days, 7-day buckets from the period's first day beyond", async () => {
    const curto = await financeiro("periodo=custom&inicio=2025-03-01&fim=2025-03-30");
    expect(curto.tendencia.agrupamento).toBe("dia");
    expect(curto.tendencia.pontos).toHaveLength(30);
    for (const p of curto.tendencia.pontos.slice(0, 12)) {
      const e = await esperado(a.empresa.id, p.inicio, p.ultimo);
      expect({ receita: p.receita, custos: p.custos, lucro: p.lucro }, p.inicio).toEqual({
        receita: e.receitaTotal,
        custos: e.custosTotais,
        lucro: e.lucroLiquido,
      });
    }
    const longo = await financeiro("periodo=custom&inicio=2025-01-01&fim=2025-03-31");
    expect(longo.tendencia.agrupamento).toBe("semana");
    expect(longo.tendencia.pontos.map((p) => p.inicio).slice(0, 3)).toEqual(["2025-01-01", "2025-01-08", "2025-01-15"]);
    expect(longo.tendencia.pontos.at(-1)).toMatchObject({ inicio: "2025-03-26", ultimo: "2025-03-31" });
    for (const p of longo.tendencia.pontos) {
      const e = await esperado(a.empresa.id, p.inicio, p.ultimo);
      expect(p.receita, p.inicio).toBe(e.receitaTotal);
      expect(p.custos, p.inicio).toBe(e.custosTotais);
    }
    const soma = longo.tendencia.pontos.reduce((s, p) => s + Math.round(p.receita * 100), 0) / 100;
    expect(soma).toBe(longo.kpis.atual.receitaTotal);
  });

  it("'Total' starts its trend at the first figures, and covers every lead of the company", async () => {
    const d = await financeiro("periodo=all");
    expect(d.tendencia.agrupamento).toBe("semana");
    expect(d.tendencia.pontos.length).toBeLessThan(200);
    expect(d.tendencia.pontos[0].inicio <= "2024-12-31").toBe(true);
    const e = await esperado(a.empresa.id, "2000-01-01", "2100-01-01");
    expect(d.kpis.atual.leadsTotais).toBe(e.leadsTotais);
    expect(d.kpis.atual.receitaTotal).toBe(e.receitaTotal);
  });

  it("pies: costs per platform and revenue per origin of the period, equal to the tables'", async () => {
    const d = await financeiro("periodo=custom&inicio=2025-02-01&fim=2025-03-31");
    const { rows: plat } = await t.dono.query(
      `SELECT plataforma, sum(valor_gasto)::float8 AS valor FROM custos_marketing
        WHERE id_empresa_fk = $1 AND data_custo BETWEEN '2025-02-01' AND '2025-03-31' GROUP BY 1 HAVING sum(valor_gasto) > 0`,
      [a.empresa.id],
    );
    expect(Object.fromEntries(d.custosPorPlataforma.map((p) => [p.plataforma, p.valor]))).toEqual(
      Object.fromEntries(plat.map((p) => [p.plataforma, p.valor])),
    );
    const { rows: orig } = await t.dono.query(
      `SELECT origem_lead AS origem, sum(valor_contrato_fechado)::float8 AS valor,
              count(*) FILTER (WHERE valor_contrato_fechado > 0)::int AS leads
         FROM leads_juros_check
        WHERE id_empresa_fk = $1 AND (created_at AT TIME ZONE '${FUSO}')::date BETWEEN '2025-02-01' AND '2025-03-31'
        GROUP BY 1 HAVING sum(valor_contrato_fechado) > 0`,
      [a.empresa.id],
    );
    expect(new Set(d.receitaPorOrigem.map((o) => JSON.stringify(o)))).toEqual(
      new Set(orig.map((o) => JSON.stringify({ origem: o.origem, valor: o.valor, leads: o.leads }))),
    );
    expect(d.receitaPorOrigem[0].origem).toBe("Site");
  });

  it("the ranking: consultants with sales above 0, by total, medals for the top 3, count and average", async () => {
    const d = await financeiro("periodo=custom&inicio=2025-01-01&fim=2025-04-30");
    const { rows } = await t.dono.query(
      `SELECT c.id::text AS "consultorId", c.nome, count(*)::int AS vendas, sum(l.valor_contrato_fechado)::float8 AS total
         FROM leads_juros_check l JOIN consultores c ON c.id_empresa_fk = l.id_empresa_fk AND c.id = l.consultor_atribuido_id
        WHERE l.id_empresa_fk = $1 AND l.valor_contrato_fechado > 0
          AND (l.created_at AT TIME ZONE '${FUSO}')::date BETWEEN '2025-01-01' AND '2025-04-30'
        GROUP BY 1, 2 ORDER BY 4 DESC`,
      [a.empresa.id],
    );
    expect(rows).toHaveLength(3);
    expect(d.ranking).toEqual(
      rows.map((r, i) => ({
        ...r,
        posicao: i + 1,
        media: Math.round((r.total / r.vendas) * 100) / 100,
        medalha: ["ouro", "prata", "bronze"][i],
      })),
    );
    // a day with no sale: the screen's empty ranking
    const vazio = await financeiro("periodo=custom&inicio=2030-01-01&fim=2030-01-01");
    expect(vazio.ranking).toEqual([]);
    expect(vazio.kpis.atual.roi).toBe(0);
  });

  it("pies and ranking over whole months plus loose days (decision 1204's monthly summary) equal the leads'", async () => {
    for (const [de, ate] of [
      ["2025-01-17", "2025-03-05"],
      ["2025-02-10", "2025-02-20"],
      ["2025-02-28", "2025-03-01"],
      ["2025-01-31", "2025-04-01"],
    ]) {
      const d = await financeiro(`periodo=custom&inicio=${de}&fim=${ate}`);
      const { rows } = await t.dono.query(
        `SELECT 'o:' || origem_lead AS k, sum(valor_contrato_fechado)::float8 AS valor,
                count(*) FILTER (WHERE valor_contrato_fechado > 0)::int AS n
           FROM leads_juros_check
          WHERE id_empresa_fk = $1 AND (created_at AT TIME ZONE '${FUSO}')::date BETWEEN $2::date AND $3::date
          GROUP BY 1 HAVING sum(valor_contrato_fechado) > 0
         UNION ALL
         SELECT 'c:' || consultor_atribuido_id, sum(valor_contrato_fechado)::float8, count(*)::int
           FROM leads_juros_check
          WHERE id_empresa_fk = $1 AND (created_at AT TIME ZONE '${FUSO}')::date BETWEEN $2::date AND $3::date
            AND valor_contrato_fechado > 0 AND consultor_atribuido_id IS NOT NULL
          GROUP BY 1`,
        [a.empresa.id, de, ate],
      );
      const tela = [
        ...d.receitaPorOrigem.map((o) => [`o:${o.origem}`, o.valor, o.leads]),
        ...d.ranking.map((r) => [`c:${r.consultorId}`, r.total, r.vendas]),
      ].sort();
      expect(tela, `${de} a ${ate}`).toEqual(rows.map((r) => [r.k, r.valor, r.n]).sort());
      expect(d.kpis.atual, `${de} a ${ate}`).toEqual(await esperado(a.empresa.id, de, ate));
    }
    // the day and month summaries, as an exact read sees them (rows + the log's unread tail: the roll-up job may be
    // behind, decision 1772), equal a recount of the leads (after the inserts, updates and deletes above)
    const { rows: dif } = await t.dono.query(
      `WITH l AS (SELECT id_empresa_fk AS e, (created_at AT TIME ZONE '${FUSO}')::date AS dia, origem_lead, consultor_atribuido_id AS c,
                         count(*) AS n, count(*) FILTER (WHERE valor_contrato_fechado > 0) AS cv, coalesce(sum(valor_contrato_fechado), 0) AS r
                    FROM leads_juros_check GROUP BY 1, 2, 3, 4)
       (SELECT e, dia, sum(n)::int, sum(cv)::int, sum(r) FROM l GROUP BY 1, 2
        EXCEPT SELECT id_empresa_fk, dia, leads, convertidos, receita FROM ${resumoExato("financas_leads_dia")} WHERE leads <> 0)
       UNION ALL
       (SELECT id_empresa_fk, dia, leads, convertidos, receita FROM ${resumoExato("financas_leads_dia")} WHERE leads <> 0
        EXCEPT SELECT e, dia, sum(n)::int, sum(cv)::int, sum(r) FROM l GROUP BY 1, 2)
       UNION ALL
       (SELECT e, date_trunc('month', dia)::date, sum(n)::int, sum(cv)::int, sum(r) FROM l GROUP BY e, 2, origem_lead, c
        EXCEPT SELECT id_empresa_fk, mes, leads, convertidos, receita FROM ${resumoExato("financas_leads_mensal")} WHERE leads <> 0)`,
    );
    expect(dif).toEqual([]);
  });

  it("advanced filters: origin, consultant and campaign narrow the leads; platform narrows the costs", async () => {
    const de = "2025-01-15";
    const ate = "2025-03-31";
    const qs = `periodo=custom&inicio=${de}&fim=${ate}`;
    const casos: [string, TFiltroSql][] = [
      ["origem=Site", { origem: "Site" }],
      [`consultorId=${consultores[1].id}`, { consultor: consultores[1].id }],
      [`campanha=${encodeURIComponent(CAMPANHAS[0])}`, { campanha: CAMPANHAS[0] }],
      [
        `campanha=${encodeURIComponent(CAMPANHAS[1])}&origem=Google%20Ads&consultorId=${consultores[0].id}`,
        { campanha: CAMPANHAS[1], origem: "Google Ads", consultor: consultores[0].id },
      ],
      [`campanha=${encodeURIComponent(CAMPANHAS[1])}&origem=Facebook%20Ads`, { campanha: CAMPANHAS[1], origem: "Facebook Ads" }],
      [`origem=WhatsApp&consultorId=${consultores[2].id}`, { origem: "WhatsApp", consultor: consultores[2].id }],
      ["plataforma=Google", { plataforma: "Google" }],
      [`plataforma=TikTok&origem=WhatsApp`, { plataforma: "TikTok", origem: "WhatsApp" }],
    ];
    for (const [f, sql] of casos) {
      const d = await financeiro(`${qs}&${f}`);
      expect(d.kpis.atual, f).toEqual(await esperado(a.empresa.id, de, ate, sql));
      // the pies, the ranking and the trend of the filtered leads (summaries of migrations 0039 and 0040) equal theirs
      const { rows } = await t.dono.query(
        `WITH l AS (SELECT * FROM leads_juros_check
                     WHERE id_empresa_fk = $1 AND (created_at AT TIME ZONE '${FUSO}')::date BETWEEN $2::date AND $3::date
                       AND ($4::text IS NULL OR origem_lead = $4) AND ($5::uuid IS NULL OR consultor_atribuido_id = $5)
                       AND ($6::text IS NULL OR campanha_origem = $6))
         SELECT 'o:' || origem_lead AS k, sum(valor_contrato_fechado)::float8 AS valor,
                count(*) FILTER (WHERE valor_contrato_fechado > 0)::int AS n
           FROM l GROUP BY 1 HAVING sum(valor_contrato_fechado) > 0
         UNION ALL
         SELECT 'c:' || consultor_atribuido_id, sum(valor_contrato_fechado)::float8, count(*)::int
           FROM l WHERE valor_contrato_fechado > 0 AND consultor_atribuido_id IS NOT NULL GROUP BY 1`,
        [a.empresa.id, de, ate, sql.origem ?? null, sql.consultor ?? null, sql.campanha ?? null],
      );
      const tela = [
        ...d.receitaPorOrigem.map((o) => [`o:${o.origem}`, o.valor, o.leads]),
        ...d.ranking.map((r) => [`c:${r.consultorId}`, r.total, r.vendas]),
      ].sort();
      expect(tela, f).toEqual(rows.map((r) => [r.k, r.valor, r.n]).sort());
      const tendencia = d.tendencia.pontos.reduce((s, x) => s + Math.round(x.receita * 100), 0) / 100;
      expect(tendencia, f).toBe(d.kpis.atual.receitaTotal);
    }
    const d = await financeiro(qs);
    expect(d.opcoes.campanhas).toEqual([...CAMPANHAS].sort());
    expect(d.opcoes.consultores.map((c) => c.id).sort()).toEqual(consultores.map((c) => c.id).sort());
  });

  it("the previous-period change of every KPI, as the CSV states it", async () => {
    const res = await a.navegadores.admin.req({
      url: "/api/financeiro/exportacao?periodo=custom&inicio=2025-03-01&fim=2025-03-31",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toContain("financeiro-2025-03-01-a-2025-03-31.csv");
    const texto = res.body;
    expect(texto.charCodeAt(0)).toBe(0xfeff);
    const linhas = texto.slice(1).split("\r\n");
    expect(linhas[0]).toBe("Dashboard Financeiro;01/03/2025 a 31/03/2025;Período anterior: 29/01/2025 a 28/02/2025");
    const d = await financeiro("periodo=custom&inicio=2025-03-01&fim=2025-03-31");
    const br = (n: number) => n.toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const receita = linhas.find((l) => l.startsWith("Receita Total (R$);"))?.split(";");
    expect(receita?.slice(1, 3)).toEqual([br(d.kpis.atual.receitaTotal), br(d.kpis.anterior.receitaTotal)]);
    const v = ((d.kpis.atual.receitaTotal - d.kpis.anterior.receitaTotal) / d.kpis.anterior.receitaTotal) * 100;
    expect(receita?.[3]).toBe(`${v > 0 ? "+" : ""}${v.toFixed(1).replace(".", ",")}%`);
    const leads = linhas.find((l) => l.startsWith("Leads Totais;"))?.split(";");
    expect(leads?.slice(1, 3)).toEqual([String(d.kpis.atual.leadsTotais), String(d.kpis.anterior.leadsTotais)]);
    expect(linhas).toContain("Posição;Consultor;Vendas;Total (R$);Média (R$)");
    const primeiro = d.ranking[0];
    expect(linhas).toContain(`1;${primeiro.nome};${primeiro.vendas};${br(primeiro.total)};${br(primeiro.media)}`);
    // 31 days: five 7-day buckets, the last one cut at the month's end
    const semanas = linhas.filter((l) => /^\d{2}\/\d{2}\/\d{4};\d{2}\/\d{2}\/\d{4};/.test(l));
    expect(semanas.map((l) => l.split(";").slice(0, 2).join(" "))).toEqual([
      "01/03/2025 07/03/2025",
      "08/03/2025 14/03/2025",
      "15/03/2025 21/03/2025",
      "22/03/2025 28/03/2025",
      "29/03/2025 31/03/2025",
    ]);
  });
});

describe("/api/financeiro access and tenancy", () => {
  it("Consultor and Jurídico get the denial; the platform admin names the company", async () => {
    for (const nav of [a.navegadores.consultor, a.navegadores.juridico]) {
      for (const url of ["/api/financeiro", "/api/financeiro/exportacao"]) {
        const res = await nav.req({ url });
        expect(res.statusCode, url).toBe(403);
        expect(res.json().erro).toBe(TEXTO_FINANCEIRO.acessoNegado);
      }
    }
    const sem = await a.navegadores.plataforma.req({ url: "/api/financeiro" });
    expect(sem.statusCode).toBe(400);
    const qs = "periodo=custom&inicio=2025-01-01&fim=2025-04-30";
    const comoPlataforma = await financeiro(`${qs}&empresaId=${b.empresa.id}`, a.navegadores.plataforma);
    expect(comoPlataforma.kpis.atual).toEqual(await esperado(b.empresa.id, "2025-01-01", "2025-04-30"));
  });

  it("a company admin sees only their company; naming another is 404 (decision 1791)", async () => {
    const qs = "periodo=custom&inicio=2025-01-01&fim=2025-04-30";
    const deA = await financeiro(qs);
    expect(await financeiro(`${qs}&empresaId=${a.empresa.id}`)).toEqual(deA);
    const tentando = await a.navegadores.admin.req({ url: `/api/financeiro?${qs}&empresaId=${b.empresa.id}` });
    expect([tentando.statusCode, tentando.json().erro]).toEqual([404, "Empresa não encontrada"]);
    const deB = await financeiro(qs, b.navegadores.admin);
    expect(deB.kpis.atual).toEqual(await esperado(b.empresa.id, "2025-01-01", "2025-04-30"));
    expect(deB.ranking.every((r) => r.consultorId === b.consultor.id)).toBe(true);
    expect(deB.opcoes.consultores.map((c) => c.id)).toEqual([b.consultor.id]);
  });

  it("bad input is a 400 with a pt-BR message, never a 500", async () => {
    for (const qs of [
      "periodo=custom",
      "periodo=custom&inicio=2025-03-10&fim=2025-03-01",
      "periodo=amanha",
      "consultorId=nao-e-uuid",
      "plataforma=Orkut",
      "origem=Radio",
      "inicio=31/01/2025&periodo=custom&fim=2025-02-01",
    ]) {
      const res = await a.navegadores.admin.req({ url: `/api/financeiro?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(typeof res.json().erro, qs).toBe("string");
    }
  });
});
