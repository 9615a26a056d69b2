import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fatorValorPresente, prestacaoPrice, taxaAnualEquivalente, taxaImplicitaPrice, taxaMensalEquivalente } from "./price";

/**
 * An independent solver, written the way a spreadsheet's RATE is checked by hand: plain bisection on the
 * naive form of the equation, 200 halvings, no derivative and none of the production code's helpers.
 */
function rateBissecao(pv: number, pmt: number, n: number): number {
  const f = (i: number) => (i === 0 ? pmt * n : (pmt * (1 - (1 + i) ** -n)) / i) - pv;
  let lo = 0;
  let hi = 10;
  for (let k = 0; k < 200; k++) {
    const m = (lo + hi) / 2;
    if (f(m) > 0) lo = m;
    else hi = m;
  }
  return (lo + hi) / 2;
}

function taxa(pv: number, pmt: number, n: number): number {
  const r = taxaImplicitaPrice(pv, pmt, n);
  if (!r.ok) throw new Error(r.motivo);
  return r.mensal;
}

describe("Price: implied rate", () => {
  it("matches worked examples solved independently to 40 digits", () => {
    // Python's decimal module at 40 significant digits (shown to 16), bisection on the same equation (decision 1401):
    // the classic RATE(12; -100; 1000), a vehicle loan and an INSS payroll loan
    expect(taxa(1000, 100, 12)).toBeCloseTo(0.0292285407691337, 12);
    expect(taxa(45000, 1500, 48)).toBeCloseTo(0.02109624148994584, 12);
    expect(taxa(12000, 298.63, 84)).toBeCloseTo(0.02027629742060986, 12);
  });

  it("agrees with an independent bisection to 1e-9 over realistic contracts", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100_00, max: 2_000_000_00 }),
        fc.integer({ min: 2, max: 420 }),
        fc.double({ min: 0.0005, max: 0.15, noNaN: true }),
        (pvCentavos, n, i) => {
          const pv = pvCentavos / 100;
          const pmt = prestacaoPrice(pv, i, n);
          expect(Math.abs(taxa(pv, pmt, n) - rateBissecao(pv, pmt, n))).toBeLessThan(1e-9);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("round trip: the installment at the found rate gives the installment back to the cent", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 500_00, max: 1_000_000_00 }),
        fc.integer({ min: 1, max: 480 }),
        fc.integer({ min: 1, max: 100_000_00 }),
        (pvCentavos, n, pmtCentavos) => {
          fc.pre(pmtCentavos * n > pvCentavos && pmtCentavos <= pvCentavos * 0.4);
          const r = taxaImplicitaPrice(pvCentavos / 100, pmtCentavos / 100, n);
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          expect(Math.round(prestacaoPrice(pvCentavos, r.mensal, n))).toBe(pmtCentavos);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("always converges, in few steps, even far from ordinary contracts", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e8, noNaN: true }),
        fc.double({ min: 1.0001, max: 50, noNaN: true }),
        fc.integer({ min: 1, max: 600 }),
        (pv, multiplo, n) => {
          const pmt = (pv * multiplo) / n;
          const r = taxaImplicitaPrice(pv, pmt, n);
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          expect(r.iteracoes).toBeLessThan(100);
          expect(Math.abs(pmt * fatorValorPresente(r.mensal, n) - pv) / pv).toBeLessThan(1e-9);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("edge cases: zero rate, one installment, installments below the amount, bad input", () => {
    expect(taxaImplicitaPrice(1200, 100, 12)).toEqual({ ok: true, mensal: 0, anual: 0, iteracoes: 0 });
    expect(taxa(1000, 1050, 1)).toBeCloseTo(0.05, 12);
    expect(taxaImplicitaPrice(1000, 80, 12)).toEqual({ ok: false, motivo: "parcelas_menores_que_valor" });
    for (const [pv, pmt, n] of [
      [0, 100, 12],
      [1000, 0, 12],
      [1000, 100, 0],
      [1000, 100, 1.5],
      [Number.NaN, 100, 12],
      [1000, Number.POSITIVE_INFINITY, 12],
      [-1000, 100, 12],
    ]) {
      expect(taxaImplicitaPrice(pv, pmt, n)).toEqual({ ok: false, motivo: "dados_invalidos" });
    }
  });
});

describe("Price: installment and equivalent rates", () => {
  it("installment at zero rate is the amount split evenly; small rates keep precision", () => {
    expect(prestacaoPrice(1200, 0, 12)).toBe(100);
    // i = 1e-10: the naive (1 − (1+i)^−n)/i loses about 6 digits here; the log1p form does not
    expect(prestacaoPrice(1200, 1e-10, 12)).toBeCloseTo(100, 6);
  });

  it("monthly and yearly rates are equivalent under monthly compounding", () => {
    expect(taxaAnualEquivalente(0.01)).toBeCloseTo(0.12682503, 8);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 0.3, noNaN: true }), (i) => {
        expect(taxaMensalEquivalente(taxaAnualEquivalente(i))).toBeCloseTo(i, 12);
      }),
    );
  });
});
