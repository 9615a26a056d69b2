import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  diaValido,
  INTEIRO_MAXIMO,
  lerDataBR,
  lerInteiroCusto,
  lerPlataforma,
  metricasCusto,
  VALOR_GASTO_MAXIMO,
} from "./marketing";
import { MSG } from "./messages";
import { ZCustoMarketingForm } from "./schemas/marketing";

describe("metricasCusto (001 §7: ctr, cpc, cpm computed on the server)", () => {
  it("computes the three ratios", () => {
    expect(metricasCusto(150, 10_000, 200)).toEqual({ ctr: 2, cpc: 0.75, cpm: 15 });
    expect(metricasCusto(100, 3, 1)).toEqual({ ctr: 33.3333, cpc: 100, cpm: 33333.3333 });
  });
  it("is 0 without its divisor", () => {
    expect(metricasCusto(100, 0, 0)).toEqual({ ctr: 0, cpc: 0, cpm: 0 });
    expect(metricasCusto(100, 0, 5)).toEqual({ ctr: 0, cpc: 20, cpm: 0 });
  });
  it("fits the columns for every accepted input (ctr ≤ 100, cpc and cpm below 1e10)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: VALOR_GASTO_MAXIMO * 100 }),
        fc.integer({ min: 0, max: INTEIRO_MAXIMO }),
        fc.integer({ min: 0, max: INTEIRO_MAXIMO }),
        (centavos, impressoes, c) => {
          const cliques = impressoes > 0 ? Math.min(c, impressoes) : c;
          const m = metricasCusto(centavos / 100, impressoes, cliques);
          expect(m.ctr).toBeGreaterThanOrEqual(0);
          expect(m.ctr).toBeLessThanOrEqual(100);
          expect(m.cpc).toBeLessThan(1e10);
          expect(m.cpm).toBeLessThan(1e10);
        },
      ),
    );
  });
});

describe("lerInteiroCusto (001 §5: integers, invalid input becomes 0)", () => {
  it("reads digits and pt-BR thousands", () => {
    expect(lerInteiroCusto("12345")).toBe(12345);
    expect(lerInteiroCusto(" 12.345 ")).toBe(12345);
    expect(lerInteiroCusto(7)).toBe(7);
  });
  it("turns invalid input into 0", () => {
    for (const v of ["", "abc", "-5", "12,5", "1.5", "1.23", null, undefined, -3, 2.5, Number.NaN, {}])
      expect(lerInteiroCusto(v)).toBe(0);
  });
  it("refuses above int4 instead of hiding it", () => {
    expect(lerInteiroCusto(String(INTEIRO_MAXIMO))).toBe(INTEIRO_MAXIMO);
    expect(lerInteiroCusto("3000000000")).toBeNull();
  });
});

describe("dates and platforms as spreadsheets write them", () => {
  it("reads pt-BR and ISO dates, refusing days that do not exist", () => {
    expect(lerDataBR("31/01/2026")).toBe("2026-01-31");
    expect(lerDataBR("1/2/2026")).toBe("2026-02-01");
    expect(lerDataBR("05-03-26")).toBe("2026-03-05");
    expect(lerDataBR("2026-01-31")).toBe("2026-01-31");
    expect(lerDataBR("2026-01-31 00:00:00")).toBe("2026-01-31");
    expect(lerDataBR("31/02/2026")).toBeNull();
    expect(lerDataBR("01/13/2026")).toBeNull();
    expect(lerDataBR("ontem")).toBeNull();
    expect(diaValido("2024-02-29")).toBe(true);
    expect(diaValido("2025-02-29")).toBe(false);
  });
  it("reads platform names with 'Ads', capitals and spaces", () => {
    expect(lerPlataforma("facebook")).toBe("Facebook");
    expect(lerPlataforma("Google Ads")).toBe("Google");
    expect(lerPlataforma("Tik Tok")).toBe("TikTok");
    expect(lerPlataforma("LINKEDIN")).toBe("LinkedIn");
    expect(lerPlataforma("Meta Ads")).toBe("Facebook");
    expect(lerPlataforma("Outros")).toBe("Outro");
    expect(lerPlataforma("Orkut")).toBeNull();
  });
});

describe("ZCustoMarketingForm (001 §5)", () => {
  const base = { data_custo: "2026-11-20", plataforma: "Google", valor_gasto: "R$ 1.234,56" };
  const erros = (v: unknown) => {
    const r = ZCustoMarketingForm.safeParse(v);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };
  it("reads BRL money and lenient integers", () => {
    expect(ZCustoMarketingForm.parse({ ...base, impressoes: "10.000", cliques: "abc", campanhas_ativas: "2" })).toEqual({
      ...base,
      valor_gasto: 1234.56,
      impressoes: 10000,
      cliques: 0,
      campanhas_ativas: 2,
      id_conta_anuncio: null,
      campanha: null,
      id_anuncio: null,
    });
  });
  it("requires date, platform and amount with the pt-BR messages", () => {
    expect(erros({})).toEqual({
      data_custo: MSG.dataCustoObrigatoria,
      plataforma: MSG.plataformaObrigatoria,
      valor_gasto: MSG.valorGastoObrigatorio,
    });
    expect(erros({ ...base, data_custo: "", plataforma: "", valor_gasto: "" })).toEqual({
      data_custo: MSG.dataCustoObrigatoria,
      plataforma: MSG.plataformaObrigatoria,
      valor_gasto: MSG.valorGastoObrigatorio,
    });
  });
  it("refuses impossible values", () => {
    expect(erros({ ...base, data_custo: "2026-02-30" })).toEqual({ data_custo: MSG.dataCustoInvalida });
    expect(erros({ ...base, valor_gasto: "0" })).toEqual({ valor_gasto: MSG.valorGastoMaiorQueZero });
    expect(erros({ ...base, valor_gasto: "12,345" })).toEqual({ valor_gasto: MSG.valorMonetarioInvalido });
    expect(erros({ ...base, valor_gasto: "10.000.000,00" })).toEqual({ valor_gasto: MSG.valorGastoMaximo });
    expect(erros({ ...base, impressoes: 10, cliques: 11 })).toEqual({ cliques: MSG.cliquesMaioresQueImpressoes });
    expect(erros({ ...base, impressoes: "9999999999" })).toEqual({ impressoes: MSG.numeroMuitoGrande });
  });
  it("accepts its own output (the web sends parsed values)", () => {
    const saida = ZCustoMarketingForm.parse({ ...base, impressoes: 100, cliques: 3 });
    expect(ZCustoMarketingForm.parse(saida)).toEqual(saida);
  });
});
