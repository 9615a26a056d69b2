import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  agrupamentoTendencia,
  baldesTendencia,
  csvFinanceiro,
  custoPorLead,
  kpisFinanceiros,
  rankingConsultores,
  roiPercentual,
  type TRelatorioFinanceiroCsv,
  valorMedioConversao,
  variacaoKpi,
} from "./finance";
import { intervaloDoPeriodo, isoDiaSP } from "./period";

const custom = (inicio: string, fim: string) => intervaloDoPeriodo("custom", new Date(), { inicio, fim })!;

describe("KPIs (001 §9)", () => {
  it("revenue, costs, profit, ROI, cost per lead and average conversion value", () => {
    expect(kpisFinanceiros({ receitaCentavos: 1_500_000, custosCentavos: 500_000, leads: 40, convertidos: 3 })).toEqual({
      receitaTotal: 15_000,
      custosTotais: 5_000,
      lucroLiquido: 10_000,
      roi: 200,
      leadsTotais: 40,
      leadsConvertidos: 3,
      custoPorLead: 125,
      valorMedioConversao: 5_000,
    });
  });
  it("ROI is 0 without costs; cost per lead 0 without leads; average 0 without conversions", () => {
    expect(roiPercentual(1000, 0)).toBe(0);
    expect(custoPorLead(1000, 0)).toBe(0);
    expect(valorMedioConversao(1000, 0)).toBe(0);
    expect(kpisFinanceiros({ receitaCentavos: 0, custosCentavos: 0, leads: 0, convertidos: 0 }).roi).toBe(0);
  });
  it("a loss gives a negative ROI", () => {
    expect(roiPercentual(-250, 1000)).toBe(-25);
  });
  it("property: profit = revenue − costs to the cent, ROI = profit ÷ costs × 100 rounded to 2 decimals", () => {
    fc.assert(
      fc.property(
        // up to R$ 100 million: a company's figures, where a double still holds every cent
        fc.integer({ min: 0, max: 1e10 }),
        fc.integer({ min: 0, max: 1e10 }),
        fc.integer({ min: 0, max: 1e6 }),
        (r, c, leads) => {
          const k = kpisFinanceiros({ receitaCentavos: r, custosCentavos: c, leads, convertidos: Math.floor(leads / 2) });
          expect(Math.round(k.lucroLiquido * 100)).toBe(r - c);
          if (c === 0) expect(k.roi).toBe(0);
          else {
            const roi = ((r - c) / c) * 100;
            // half a hundredth, plus the double's own rounding at that size
            expect(Math.abs(k.roi - roi)).toBeLessThanOrEqual(0.005 + Math.abs(roi) * 1e-14 + 1e-9);
          }
          // half a cent, plus the double's own rounding at that size (R$ 22.712.814,165 rounds with an error of 3e-9)
          const cpl = c / 100 / leads;
          if (leads > 0) expect(Math.abs(k.custoPorLead - cpl)).toBeLessThanOrEqual(0.005 + cpl * 1e-14 + 1e-9);
        },
      ),
    );
  });
});

describe("variacaoKpi: the spec's change rule, against the previous value's size", () => {
  it("one decimal with sign; '+100%' or 'N/A' when the previous value is 0", () => {
    expect(variacaoKpi(150, 100)).toBe("+50,0%");
    expect(variacaoKpi(50, 100)).toBe("-50,0%");
    expect(variacaoKpi(5, 0)).toBe("+100%");
    expect(variacaoKpi(0, 0)).toBe("N/A");
  });
  it("a loss that shrinks is a rise", () => {
    expect(variacaoKpi(-50, -100)).toBe("+50,0%");
    expect(variacaoKpi(50, -100)).toBe("+150,0%");
    expect(variacaoKpi(-200, -100)).toBe("-100,0%");
  });
  it("property: the sign follows atual − anterior", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: -1e6, max: 1e6 }), (a, b) => {
        fc.pre(b !== 0 && Math.abs(((a - b) / Math.abs(b)) * 100) >= 0.05);
        expect(variacaoKpi(a, b).startsWith("-")).toBe(a < b);
      }),
    );
  });
});

describe("trend buckets (001 §9)", () => {
  it("daily points up to 30 days", () => {
    const i = custom("2025-03-01", "2025-03-30");
    expect(agrupamentoTendencia(i)).toBe("dia");
    const b = baldesTendencia(i);
    expect(b).toHaveLength(30);
    expect(b[0]).toEqual({ inicio: "2025-03-01", ultimo: "2025-03-01", fim: "2025-03-02", rotulo: "01/03" });
  });
  it("7-day buckets from the first day when the range exceeds 30 days, the last one cut", () => {
    const b = baldesTendencia(custom("2025-03-01", "2025-03-31"));
    expect(b.map((x) => [x.inicio, x.ultimo])).toEqual([
      ["2025-03-01", "2025-03-07"],
      ["2025-03-08", "2025-03-14"],
      ["2025-03-15", "2025-03-21"],
      ["2025-03-22", "2025-03-28"],
      ["2025-03-29", "2025-03-31"],
    ]);
  });
  it("'Total' starts at the first day with figures, keeping the 7-day alignment", () => {
    const i = intervaloDoPeriodo("all", new Date("2026-03-15T13:00:00Z"))!;
    const b = baldesTendencia(i, "2026-01-10");
    expect(b[0].inicio <= "2026-01-10" && b[0].ultimo >= "2026-01-10").toBe(true);
    expect(b.at(-1)?.ultimo).toBe("2026-03-15");
    const semTrim = baldesTendencia(i);
    expect(semTrim.map((x) => x.inicio)).toContain(b[0].inicio);
  });
  it("property: buckets tile the period, each day in exactly one, none longer than 7 days", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 120 }), (desde, dias) => {
        const ini = new Date(Date.UTC(2018, 0, 1) + desde * 86_400_000 + 12 * 3_600_000);
        const fim = new Date(ini.getTime() + dias * 86_400_000);
        const i = custom(isoDiaSP(ini), isoDiaSP(fim));
        const b = baldesTendencia(i);
        expect(b[0].inicio).toBe(isoDiaSP(ini));
        expect(b.at(-1)?.ultimo).toBe(isoDiaSP(fim));
        for (let k = 1; k < b.length; k++) expect(b[k].inicio).toBe(b[k - 1].fim);
        const passo = dias + 1 > 30 ? 7 : 1;
        for (const x of b.slice(0, -1)) expect(Math.round((Date.parse(x.fim) - Date.parse(x.inicio)) / 86_400_000)).toBe(passo);
      }),
    );
  });
});

describe("ranking (001 §9)", () => {
  it("only sales above 0, by total, medals for the top 3, count and average", () => {
    const r = rankingConsultores([
      { consultorId: "a", nome: "Ana", vendas: 2, totalCentavos: 300_00 },
      { consultorId: "b", nome: "Bia", vendas: 0, totalCentavos: 0 },
      { consultorId: "c", nome: "Caio", vendas: 1, totalCentavos: 900_00 },
      { consultorId: "d", nome: "Duda", vendas: 3, totalCentavos: 100_00 },
      { consultorId: "e", nome: "Edu", vendas: 1, totalCentavos: 50_00 },
    ]);
    expect(r.map((p) => [p.nome, p.posicao, p.medalha, p.total, p.media])).toEqual([
      ["Caio", 1, "ouro", 900, 900],
      ["Ana", 2, "prata", 300, 150],
      ["Duda", 3, "bronze", 100, 33.33],
      ["Edu", 4, null, 50, 50],
    ]);
    expect(rankingConsultores([])).toEqual([]);
  });
});

describe("CSV of the period's figures", () => {
  const zeros = kpisFinanceiros({ receitaCentavos: 0, custosCentavos: 0, leads: 0, convertidos: 0 });
  const r: TRelatorioFinanceiroCsv = {
    inicio: "2025-03-01",
    fim: "2025-03-31",
    anteriorInicio: "2025-01-29",
    anteriorFim: "2025-02-28",
    kpis: {
      atual: kpisFinanceiros({ receitaCentavos: 123_456_78, custosCentavos: 1_000_00, leads: 10, convertidos: 2 }),
      anterior: zeros,
    },
    variacao: {
      receitaTotal: "+100%",
      custosTotais: "+100%",
      lucroLiquido: "+100%",
      roi: "+100%",
      leadsTotais: "+100%",
      leadsConvertidos: "+100%",
      custoPorLead: "+100%",
      valorMedioConversao: "+100%",
    },
    tendencia: [{ rotulo: "01/03", inicio: "2025-03-01", ultimo: "2025-03-07", receita: 1234.5, custos: 10, lucro: 1224.5 }],
    custosPorPlataforma: [{ plataforma: "Facebook", valor: 1000 }],
    receitaPorOrigem: [{ origem: "Site", valor: 123456.78, leads: 2 }],
    ranking: rankingConsultores([{ consultorId: "x", nome: '=HYPERLINK("x");Ana', vendas: 2, totalCentavos: 123_456_78 }]),
  };
  it("BOM, ';', CRLF, decimal comma, blocks with headers, formulas neutralised", () => {
    const csv = csvFinanceiro(r);
    expect(csv.startsWith("\uFEFFDashboard Financeiro;01/03/2025 a 31/03/2025;")).toBe(true);
    const linhas = csv.slice(1).split("\r\n");
    expect(linhas).toContain("Receita Total (R$);123.456,78;0,00;+100%");
    expect(linhas).toContain("Leads Totais;10;0;+100%");
    expect(linhas).toContain("01/03/2025;07/03/2025;1.234,50;10,00;1.224,50");
    expect(linhas).toContain("Facebook;1.000,00");
    expect(linhas).toContain("Site;123.456,78;2");
    expect(linhas).toContain(`1;"'=HYPERLINK(""x"");Ana";2;123.456,78;61.728,39`);
    expect(csv.split("\n").every((l, i, a) => i === a.length - 1 || l.endsWith("\r"))).toBe(true);
  });
});
