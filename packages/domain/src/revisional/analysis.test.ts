import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { preAnalisar, type TDadosContrato, type TReferenciaTaxa } from "./analysis";
import { TEXTO_REVISIONAL } from "./texts";

const contrato: TDadosContrato = {
  modalidade: "financiamento_veiculo",
  valorFinanciado: 45000,
  valorLiberado: null,
  prestacao: 1500,
  prazoMeses: 48,
  parcelasPagas: 10,
  dataContrato: "2024-03-15",
  taxaInformadaMensal: null,
};
const media: TReferenciaTaxa = {
  tipo: "media_bacen",
  taxaMensal: 0.015,
  competencia: "2024-03",
  fonte: "BACEN/SGS série 25471",
  ilustrativa: false,
  taxaAnualPublicada: null,
};
const HOJE = "2026-11-24";

describe("pre-analysis of a contract", () => {
  it("compares the implied rate with the reference and counts the overpayment to the cent", () => {
    const r = preAnalisar(contrato, media, 1.5, HOJE);
    if (r.estado !== "calculada") throw new Error(r.estado);
    expect(r.taxa.mensal).toBeCloseTo(0.02109624148994584, 12);
    expect(r.razao).toBeCloseTo(0.02109624148994584 / 0.015, 10);
    expect(r.faixa).toBe("de_1_1_a_1_5");
    expect(r.acimaDoLimiar).toBe(false);
    // 45.000,00 at 1,5% a.m. over 48 months: R$ 1.321,874982… → 132187 cents (Python decimal, 40 digits)
    expect(r.prestacaoNaReferenciaCentavos).toBe(132187);
    expect(r.excessoPorParcelaCentavos).toBe(150000 - 132187);
    expect(r.sobrepagoAteAgoraCentavos).toBe((150000 - 132187) * 10);
    expect(r.sobrepagoTotalCentavos).toBe((150000 - 132187) * 48);
    expect(r.faltando).toEqual(["valorLiberado", "taxaInformadaMensal"]);
  });

  it("the company's threshold decides the flag, not the band", () => {
    const r = preAnalisar(contrato, media, 1.2, HOJE);
    expect(r.estado === "calculada" && r.acimaDoLimiar).toBe(true);
  });

  it("the rate on the amount released shows the financed fees", () => {
    const r = preAnalisar({ ...contrato, valorLiberado: 42000 }, media, 1.5, HOJE);
    if (r.estado !== "calculada") throw new Error(r.estado);
    expect(r.taxaSobreLiberado?.mensal).toBeGreaterThan(r.taxa.mensal + 0.002);
  });

  it("a contract within the reference overpays nothing", () => {
    const r = preAnalisar(contrato, { ...media, taxaMensal: 0.025 }, 1.5, HOJE);
    if (r.estado !== "calculada") throw new Error(r.estado);
    expect(r.faixa).toBe("abaixo");
    expect(r.excessoPorParcelaCentavos).toBe(0);
    expect(r.sobrepagoTotalCentavos).toBe(0);
  });

  it("without a reference it still finds the rate, with no ratio", () => {
    const r = preAnalisar(contrato, null, 1.5, HOJE);
    if (r.estado !== "calculada") throw new Error(r.estado);
    expect(r.razao).toBeNull();
    expect(r.faixa).toBeNull();
    expect(r.sobrepagoTotalCentavos).toBeNull();
  });

  it("uses the stated rate when the installment is unknown", () => {
    const r = preAnalisar({ ...contrato, prestacao: null, taxaInformadaMensal: 3 }, media, 1.5, HOJE);
    if (r.estado !== "calculada") throw new Error(r.estado);
    expect(r.origemTaxa).toBe("informada");
    expect(r.razao).toBeCloseTo(2, 12);
    expect(r.faixa).toBe("de_1_5_a_2");
    expect(r.sobrepagoTotalCentavos).toBeNull();
  });

  it("names the missing inputs", () => {
    expect(preAnalisar({ ...contrato, prestacao: null, prazoMeses: null }, media, 1.5, HOJE)).toEqual({
      estado: "incompleta",
      faltando: ["prestacao", "prazoMeses"],
    });
  });

  it("refuses absurd values with a clear message", () => {
    const casos: [Partial<TDadosContrato>, string][] = [
      [{ parcelasPagas: 49 }, TEXTO_REVISIONAL.pagasAcimaDoPrazo],
      [{ prazoMeses: 481, parcelasPagas: 0 }, TEXTO_REVISIONAL.prazoAbsurdo],
      [{ valorFinanciado: 200_000_000 }, TEXTO_REVISIONAL.valorAbsurdo],
      [{ prestacao: 500 }, TEXTO_REVISIONAL.parcelasMenores],
      [{ prestacao: 40000 }, TEXTO_REVISIONAL.taxaAbsurda],
      [{ dataContrato: "2027-01-01" }, TEXTO_REVISIONAL.dataFutura],
      [{ taxaInformadaMensal: 45 }, TEXTO_REVISIONAL.taxaInformadaAbsurda],
      [{ valorFinanciado: 0 }, TEXTO_REVISIONAL.dadosInvalidos],
    ];
    for (const [mudanca, mensagem] of casos) {
      const r = preAnalisar({ ...contrato, ...mudanca }, media, 1.5, HOJE);
      expect(r.estado === "invalida" && r.mensagem).toBe(mensagem);
    }
  });

  it("overpayment is whole cents, never negative, and grows with the installment", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000_00, max: 500_000_00 }),
        fc.integer({ min: 6, max: 120 }),
        fc.double({ min: 0.005, max: 0.08, noNaN: true }),
        fc.double({ min: 0.005, max: 0.08, noNaN: true }),
        (pvCentavos, n, i, ref) => {
          const pmt = Math.ceil((pvCentavos * i) / (1 - (1 + i) ** -n)) / 100;
          const base = { ...contrato, valorFinanciado: pvCentavos / 100, prestacao: pmt, prazoMeses: n, parcelasPagas: 0 };
          const a = preAnalisar(base, { ...media, taxaMensal: ref }, 1.5, HOJE);
          const b = preAnalisar({ ...base, prestacao: pmt + 10 }, { ...media, taxaMensal: ref }, 1.5, HOJE);
          if (a.estado !== "calculada" || b.estado !== "calculada") return;
          expect(Number.isInteger(a.sobrepagoTotalCentavos)).toBe(true);
          expect(a.sobrepagoTotalCentavos).toBeGreaterThanOrEqual(0);
          expect(b.sobrepagoTotalCentavos).toBeGreaterThanOrEqual(a.sobrepagoTotalCentavos as number);
          expect(b.razao).toBeGreaterThan(a.razao as number);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("INSS ceiling", () => {
  it("is the step in force on the contract date", async () => {
    const { tetoInssEm } = await import("./inss-ceiling");
    expect(tetoInssEm("2023-03-20")?.taxaMensal).toBe(1.7);
    expect(tetoInssEm("2023-10-16")?.taxaMensal).toBe(1.84);
    expect(tetoInssEm("2023-10-15")?.taxaMensal).toBe(1.91);
    expect(tetoInssEm("2017-06-01")).toBeNull();
  });
});

describe("the reference of a contract", () => {
  it("is the series' month, up to two months back, or the INSS ceiling", async () => {
    const { escolherReferencia } = await import("./reference");
    const meses = new Map([["25471|2024-01-01", { taxa: 1.9, ilustrativa: false }]]);
    const ler = (c: number, m: string) => meses.get(`${c}|${m}`);
    expect(escolherReferencia("financiamento_veiculo", "2024-03-10", ler).referencia).toMatchObject({
      tipo: "media_bacen",
      taxaMensal: 0.019,
      competencia: "2024-01",
    });
    expect(escolherReferencia("financiamento_veiculo", "2024-04-10", ler)).toEqual({
      referencia: null,
      motivo: TEXTO_REVISIONAL.semReferencia,
    });
    expect(escolherReferencia("consignado_inss", "2024-05-02", ler).referencia).toMatchObject({
      tipo: "teto_inss",
      taxaMensal: 0.0168,
    });
    // imobiliário has its series (20772) but no value in these months
    expect(escolherReferencia("imobiliario", "2024-05-02", ler).motivo).toBe(TEXTO_REVISIONAL.semReferencia);
    expect(escolherReferencia("outros", "2024-05-02", ler).motivo).toBe(TEXTO_REVISIONAL.semReferencia);
    expect(escolherReferencia(null, "2024-05-02", ler)).toEqual({ referencia: null, motivo: null });
  });
});

describe("imobiliário: a series published in % a.a. (SGS 20772)", () => {
  it("converts a yearly value to its equivalent monthly rate and back", async () => {
    const { SERIES_BACEN, taxaMensalDaSerie } = await import("./series");
    const { taxaAnualEquivalente } = await import("./price");
    const imob = SERIES_BACEN.imobiliario;
    expect(imob).toMatchObject({ codigo: 20772, unidade: "% a.a.", codigoAnual: null });
    // 12,6825030131969720…% a.a. is exactly 1% a.m. compounded: (1,01)^12 − 1
    expect(taxaMensalDaSerie({ unidade: "% a.a." }, 12.68250301319697)).toBeCloseTo(0.01, 14);
    expect(taxaAnualEquivalente(taxaMensalDaSerie({ unidade: "% a.a." }, 12.68)) * 100).toBeCloseTo(12.68, 12);
    // as SGS publishes it, two decimals: 12,68% a.a. → 0,99981303892% a.m. (Python decimal, 40 digits)
    expect(taxaMensalDaSerie({ unidade: "% a.a." }, 12.68)).toBeCloseTo(0.009998130389220764, 15);
    // a '% a.m.' series is only scaled
    expect(taxaMensalDaSerie({ unidade: "% a.m." }, 1.85)).toBeCloseTo(0.0185, 15);
  });

  it("the reference of an imobiliário contract is the month's yearly value as a monthly rate, the published one kept", async () => {
    const { escolherReferencia } = await import("./reference");
    const meses = new Map([["20772|2024-03-01", { taxa: 12.68, ilustrativa: false }]]);
    const { referencia, motivo } = escolherReferencia("imobiliario", "2024-03-15", (c, m) => meses.get(`${c}|${m}`));
    expect(motivo).toBeNull();
    expect(referencia).toMatchObject({ tipo: "media_bacen", competencia: "2024-03", fonte: "BACEN/SGS série 20772" });
    expect(referencia?.taxaMensal).toBeCloseTo(0.009998130389220764, 15);
    expect(referencia?.taxaAnualPublicada).toBeCloseTo(0.1268, 15);
    // a '% a.m.' series keeps no yearly value
    const veic = escolherReferencia("financiamento_veiculo", "2024-03-15", () => ({ taxa: 1.5, ilustrativa: false }));
    expect(veic.referencia?.taxaAnualPublicada).toBeNull();
  });

  it("analyses a contract against a known % a.a. value, checked by hand", async () => {
    const { escolherReferencia } = await import("./reference");
    const { referencia } = escolherReferencia("imobiliario", "2024-03-15", (c, m) =>
      c === 20772 && m === "2024-03-01" ? { taxa: 12.68, ilustrativa: false } : undefined,
    );
    const imovel: TDadosContrato = {
      modalidade: "imobiliario",
      valorFinanciado: 200_000,
      valorLiberado: null,
      prestacao: 2_500,
      prazoMeses: 360,
      parcelasPagas: 24,
      dataContrato: "2024-03-15",
      taxaInformadaMensal: null,
    };
    const r = preAnalisar(imovel, referencia, 1.5, HOJE);
    if (r.estado !== "calculada") throw new Error(r.estado);
    // By hand (Python decimal, 40 digits, bisection on PV = PMT·(1 − (1+i)^−n)/i):
    //   reference 12,68% a.a. → i_ref = 1,1268^(1/12) − 1 = 0,9998130389% a.m.
    //   200.000,00 in 360 × 2.500,00 → i = 1,2349352246% a.m. (15,868% a.a.)
    //   ratio 1,2349352246 / 0,9998130389 = 1,23516615 → band 1,1×–1,5×, within the 1,5× threshold
    //   installment at i_ref: 20.000.000 cents × i_ref / (1 − (1 + i_ref)^−360) = 205.687,98 → 205.688 cents
    //   excess 250.000 − 205.688 = 44.312 cents; × 24 paid = 1.063.488; × 360 = 15.952.320
    expect(r.taxa.mensal).toBeCloseTo(0.012349352246294985, 12);
    expect(r.taxa.anual).toBeCloseTo(0.1586837380641915, 10);
    expect(r.razao).toBeCloseTo(1.235166152624808, 9);
    expect(r.faixa).toBe("de_1_1_a_1_5");
    expect(r.acimaDoLimiar).toBe(false);
    expect(r.prestacaoNaReferenciaCentavos).toBe(205688);
    expect(r.excessoPorParcelaCentavos).toBe(44312);
    expect(r.sobrepagoAteAgoraCentavos).toBe(1_063_488);
    expect(r.sobrepagoTotalCentavos).toBe(15_952_320);
  });

  it("its analysis carries the Price caveat; other modalities carry none", async () => {
    const { ressalvaDaModalidade } = await import("./texts");
    expect(ressalvaDaModalidade("imobiliario")).toBe(TEXTO_REVISIONAL.ressalvaImobiliario);
    expect(TEXTO_REVISIONAL.ressalvaImobiliario).toMatch(/Tabela Price.*SAC.*TR.*IPCA/);
    expect(ressalvaDaModalidade("financiamento_veiculo")).toBeNull();
    expect(ressalvaDaModalidade(null)).toBeNull();
  });
});
