import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FATOS_VAZIOS, ZRespostaIa } from "../schemas/screening";
import type { TPreAnalise } from "./analysis";
import { contratoDosFatos, decidirPelaPreAnalise, modalidadeDoTexto } from "./screening-rule";

describe("modalidadeDoTexto", () => {
  it.each([
    ["Empréstimo consignado do INSS", null, "consignado_inss"],
    ["empréstimo consignado", "aposentadoria", "consignado_inss"],
    ["empréstimo consignado", null, null],
    ["Consignado de servidor público", null, "consignado_publico"],
    ["consignado privado (CLT)", null, "consignado_privado"],
    ["Financiamento do carro", null, "financiamento_veiculo"],
    ["financiamento de moto", null, "financiamento_veiculo"],
    ["Financiamento imobiliário", null, "imobiliario"],
    ["Crédito pessoal", null, "credito_pessoal"],
    ["Cartão consignado (RMC)", "aposentadoria", null],
    ["não sei", "aposentadoria", null],
    [null, "aposentadoria", null],
  ] as const)("%s (%s) → %s", (texto, beneficio, esperado) => {
    expect(modalidadeDoTexto(texto, beneficio)).toBe(esperado);
  });
});

describe("contratoDosFatos", () => {
  it("keeps plausible values, rounds money to the cent and leaves the rest out", () => {
    const c = contratoDosFatos(
      {
        ...FATOS_VAZIOS,
        tipo_contrato: "consignado INSS",
        valor_financiado: 10_000.004,
        valor_parcela: 210.169,
        quantidade_parcelas: 84,
        parcelas_pagas: 90,
        data_contrato: "2030-01-01",
        taxa_juros: 1.23456,
        banco: "B".repeat(200),
      },
      "2026-11-24",
    );
    expect(c).toEqual({
      modalidade_credito: "consignado_inss",
      valor_contrato: 10_000,
      valor_parcela: 210.17,
      quantidade_parcelas: 84,
      quantidade_parcelas_pagas: null,
      data_contrato: null,
      banco: "B".repeat(120),
      taxa_informada_mensal: 1.2346,
    });
  });

  it("never yields a value outside the lead's column rules, whatever the model says", () => {
    const num = fc.option(fc.double({ min: -1e12, max: 1e12, noNaN: true }), { nil: null });
    const int = fc.option(fc.integer({ min: -10_000, max: 10_000 }), { nil: null });
    fc.assert(
      fc.property(num, num, int, int, num, (vf, vp, qp, pp, tx) => {
        const c = contratoDosFatos({
          ...FATOS_VAZIOS,
          valor_financiado: vf,
          valor_parcela: vp,
          quantidade_parcelas: qp,
          parcelas_pagas: pp,
          taxa_juros: tx,
        });
        for (const v of [c.valor_contrato, c.valor_parcela]) if (v !== null) expect(v > 0 && v < 1e12).toBe(true);
        if (c.quantidade_parcelas !== null) expect(c.quantidade_parcelas >= 1 && c.quantidade_parcelas <= 480).toBe(true);
        if (c.quantidade_parcelas_pagas !== null) {
          expect(c.quantidade_parcelas_pagas).toBeGreaterThanOrEqual(0);
          expect(c.quantidade_parcelas_pagas).toBeLessThanOrEqual(c.quantidade_parcelas ?? 480);
        }
        if (c.taxa_informada_mensal !== null) expect(c.taxa_informada_mensal >= 0 && c.taxa_informada_mensal <= 30).toBe(true);
      }),
    );
  });
});

describe("the model's contract facts", () => {
  const resposta = (facts: object) =>
    ZRespostaIa.parse({ decision: "duvidas", reason: "", nextQuestion: "?", summary: "", facts }).fatos;
  it.each([
    ["2024-05-10", "2024-05-10"],
    ["2024-05", "2024-05-01"],
    ["10/05/2024", "2024-05-10"],
    ["05/2024", "2024-05-01"],
    ["31/02/2024", null],
    ["maio de 2024", null],
  ])("contractDate %s → %s", (dito, esperado) => {
    expect(resposta({ contractDate: dito }).data_contrato).toBe(esperado);
  });
  it("reads amounts as people write them and installments as whole numbers", () => {
    expect(resposta({ amountFinanced: "R$ 10.000,00", installmentsTotal: "84", installmentsPaid: 12.5 })).toMatchObject({
      valor_financiado: 10_000,
      quantidade_parcelas: 84,
      parcelas_pagas: null,
    });
  });
});

describe("decidirPelaPreAnalise", () => {
  const calculada = (razao: number | null, acimaDoLimiar: boolean | null) =>
    ({ estado: "calculada", razao, acimaDoLimiar }) as TPreAnalise;
  it("tells the lead only when the ratio is known and within the threshold, once; 'encerrar' also ends", () => {
    expect(decidirPelaPreAnalise(calculada(0.9, false), "avisar", false)).toEqual({ avisar: true, encerrar: false });
    expect(decidirPelaPreAnalise(calculada(0.9, false), "encerrar", false)).toEqual({ avisar: true, encerrar: true });
    expect(decidirPelaPreAnalise(calculada(0.9, false), "avisar", true)).toEqual({ avisar: false, encerrar: false });
    expect(decidirPelaPreAnalise(calculada(0.9, false), "desligada", false)).toEqual({ avisar: false, encerrar: false });
    expect(decidirPelaPreAnalise(calculada(2.1, true), "encerrar", false)).toEqual({ avisar: false, encerrar: false });
    expect(decidirPelaPreAnalise(calculada(null, null), "encerrar", false)).toEqual({ avisar: false, encerrar: false });
    expect(decidirPelaPreAnalise({ estado: "incompleta", faltando: [] }, "encerrar", false)).toEqual({
      avisar: false,
      encerrar: false,
    });
  });

  it("never tells an imobiliário lead 'within the average' (Price assumed; SAC and indexed contracts are common)", () => {
    expect(decidirPelaPreAnalise(calculada(0.9, false), "encerrar", false, "imobiliario")).toEqual({
      avisar: false,
      encerrar: false,
    });
    expect(decidirPelaPreAnalise(calculada(0.9, false), "avisar", false, "financiamento_veiculo")).toEqual({
      avisar: true,
      encerrar: false,
    });
  });
});
