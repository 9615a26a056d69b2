import { describe, expect, it } from "vitest";
import {
  arrDoMrr,
  crescimentoDeContagens,
  crescimentoPorMes,
  diaSeguinte,
  fatiasDoPeriodo,
  lerRemetente,
  mesesEntre,
  montarRemetente,
  periodoPadraoPlataforma,
  rotuloMes,
  somarMrr,
  somarMrrContado,
} from "./platform";

describe("MRR and ARR from the plan table", () => {
  it("sums in cents and gives ARR as twelve months", () => {
    const mil = Array.from({ length: 1000 }, () => 165.83);
    expect(somarMrr(mil)).toBe(165830);
    expect(somarMrr([0.1, 0.2])).toBe(0.3);
    expect(
      somarMrrContado([
        [415.83, 400],
        [199, 350],
        [0, 250],
      ]),
    ).toBe(somarMrr([...Array(400).fill(415.83), ...Array(350).fill(199)]));
    expect(arrDoMrr(199 + 415.83)).toBe(7377.96);
  });
});

describe("a From/To period as whole months and loose days", () => {
  it("reads a period inside one month from the daily counter only", () => {
    expect(fatiasDoPeriodo("2025-03-05", "2025-03-20")).toEqual({
      meses: null,
      dias: [{ inicio: "2025-03-05", fim: "2025-03-21" }],
    });
    expect(fatiasDoPeriodo("2025-03-01", "2025-03-30")).toEqual({
      meses: null,
      dias: [{ inicio: "2025-03-01", fim: "2025-03-31" }],
    });
  });

  it("takes whole months from the monthly counter and the edges from the daily one", () => {
    expect(fatiasDoPeriodo("2025-01-01", "2025-12-31")).toEqual({ meses: { inicio: "2025-01-01", fim: "2026-01-01" }, dias: [] });
    expect(fatiasDoPeriodo("2025-03-01", "2025-03-31")).toEqual({ meses: { inicio: "2025-03-01", fim: "2025-04-01" }, dias: [] });
    expect(fatiasDoPeriodo("2024-12-15", "2025-03-10")).toEqual({
      meses: { inicio: "2025-01-01", fim: "2025-03-01" },
      dias: [
        { inicio: "2024-12-15", fim: "2025-01-01" },
        { inicio: "2025-03-01", fim: "2025-03-11" },
      ],
    });
    expect(fatiasDoPeriodo("2024-02-29", "2024-02-29")).toEqual({
      meses: null,
      dias: [{ inicio: "2024-02-29", fim: "2024-03-01" }],
    });
  });

  it("covers every day of the period exactly once (property over many periods)", () => {
    const dias = (a: string, b: string) => {
      const out: string[] = [];
      for (let d = a; d < b; d = diaSeguinte(d)) out.push(d);
      return out;
    };
    let x = 7;
    const rnd = (n: number) => {
      x = (x * 48271) % 2147483647;
      return x % n;
    };
    for (let k = 0; k < 300; k++) {
      const de = new Date(Date.UTC(2023, 0, 1) + rnd(900) * 86_400_000).toISOString().slice(0, 10);
      const ate = new Date(Date.parse(de) + rnd(500) * 86_400_000).toISOString().slice(0, 10);
      const f = fatiasDoPeriodo(de, ate);
      const cobertos = [...(f.meses ? dias(f.meses.inicio, f.meses.fim) : []), ...f.dias.flatMap((d) => dias(d.inicio, d.fim))];
      expect(cobertos.sort()).toEqual(dias(de, diaSeguinte(ate)));
      if (f.meses) expect(f.meses.inicio.endsWith("-01") && f.meses.fim.endsWith("-01")).toBe(true);
    }
  });

  it("refuses an inverted or malformed period", () => {
    expect(fatiasDoPeriodo("2025-03-10", "2025-03-01")).toEqual({ meses: null, dias: [] });
    expect(fatiasDoPeriodo("2025-3-1", "2025-03-01")).toEqual({ meses: null, dias: [] });
  });

  it("names the months of the growth chart and defaults to the last twelve months", () => {
    expect(mesesEntre("2024-11-20", "2025-02-03")).toEqual(["2024-11-01", "2024-12-01", "2025-01-01", "2025-02-01"]);
    expect(rotuloMes("2025-03-01")).toBe("mar/25");
    expect(periodoPadraoPlataforma("2026-11-24")).toEqual({ de: "2025-12-01", ate: "2026-11-24" });
  });
});

describe("the company-growth line", () => {
  it("counts the companies that joined in each month and the running total at its end", () => {
    const adesoes = ["2024-06-10", "2025-01-01", "2025-01-31", "2025-03-15", "2025-03-20", "2025-05-02"];
    expect(crescimentoPorMes(adesoes, "2025-01-10", "2025-03-16")).toEqual([
      { mes: "2025-01-01", rotulo: "jan/25", novas: 2, total: 3 },
      { mes: "2025-02-01", rotulo: "fev/25", novas: 0, total: 3 },
      { mes: "2025-03-01", rotulo: "mar/25", novas: 1, total: 4 },
    ]);
  });

  it("gives the same line from the joins counted per month", () => {
    const porMes: [string, number][] = [
      ["2025-05-01", 1],
      ["2024-06-01", 1],
      ["2025-01-01", 2],
      ["2025-03-01", 1],
    ];
    expect(crescimentoDeContagens(porMes, "2025-01-10", "2025-03-16")).toEqual(
      crescimentoPorMes(["2024-06-10", "2025-01-01", "2025-01-31", "2025-03-15", "2025-05-02"], "2025-01-10", "2025-03-16"),
    );
    expect(crescimentoDeContagens([], "2025-01-10", "2025-02-16").map((m) => m.total)).toEqual([0, 0]);
  });
});

describe("the mail sender", () => {
  it("replaces the name, the address or both of MAIL_FROM", () => {
    const padrao = "CRM Revisional <nao-responda@crm.local>";
    expect(lerRemetente(padrao)).toEqual({ nome: "CRM Revisional", email: "nao-responda@crm.local" });
    expect(lerRemetente("so@endereco.com")).toEqual({ nome: "", email: "so@endereco.com" });
    expect(montarRemetente(padrao, null, null)).toBe('"CRM Revisional" <nao-responda@crm.local>');
    expect(montarRemetente(padrao, "Revisa Já", null)).toBe('"Revisa Já" <nao-responda@crm.local>');
    expect(montarRemetente(padrao, "", "contato@revisa.com.br")).toBe('"CRM Revisional" <contato@revisa.com.br>');
    expect(montarRemetente("so@endereco.com", null, null)).toBe("so@endereco.com");
  });
});
