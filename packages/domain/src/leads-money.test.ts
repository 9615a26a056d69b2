import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apenasDigitos, formatarNumeroBR, lerValorBRL } from "./leads-money";

/** Writes integer cents the ways people and spreadsheets do. */
function escrever(centavos: number, estilo: { rs: boolean; milhar: boolean; espacos: boolean; decimais: boolean }): string {
  const inteiro = Math.floor(centavos / 100);
  const cent = String(centavos % 100).padStart(2, "0");
  const int = estilo.milhar ? inteiro.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ".") : String(inteiro);
  const num = estilo.decimais || centavos % 100 ? `${int},${cent}` : int;
  return `${estilo.espacos ? "  " : ""}${estilo.rs ? (estilo.espacos ? "R$ " : "R$") : ""}${num}${estilo.espacos ? " " : ""}`;
}

describe("lerValorBRL (001 §5: R$, dot thousands, comma decimals)", () => {
  it("reads the spec's forms", () => {
    expect(lerValorBRL("R$ 45.000,00")).toBe(45000);
    expect(lerValorBRL("45000,5")).toBe(45000.5);
    expect(lerValorBRL("1.234")).toBe(1234);
    expect(lerValorBRL("1.234.567,89")).toBe(1234567.89);
    expect(lerValorBRL("r$1,99")).toBe(1.99);
    expect(lerValorBRL("0,01")).toBe(0.01);
    expect(lerValorBRL("1234.56")).toBe(1234.56); // a spreadsheet in English
    expect(lerValorBRL("R$\u00a01.000,00")).toBe(1000);
  });

  it("refuses what is not money", () => {
    for (const s of [
      "",
      "R$",
      "abc",
      "1,2,3",
      "1,234",
      "12.34.5",
      "1.23.456",
      "-5",
      "5-",
      "1.000,",
      ",50",
      "1e5",
      "12,3x",
      "0x10",
    ]) {
      expect(lerValorBRL(s), s).toBeNull();
    }
    expect(lerValorBRL("1234567890123")).toBeNull(); // more than numeric(14,2) holds
  });

  it("reads back any amount written in any accepted style (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999_999_999 }),
        fc.record({ rs: fc.boolean(), milhar: fc.boolean(), espacos: fc.boolean(), decimais: fc.boolean() }),
        (centavos, estilo) => {
          expect(lerValorBRL(escrever(centavos, estilo))).toBe(centavos / 100);
        },
      ),
    );
  });

  it("reads back what formatarNumeroBR writes (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999_999 }), (centavos) => {
        expect(lerValorBRL(formatarNumeroBR(centavos / 100))).toBe(centavos / 100);
      }),
    );
  });

  it("never throws and never gives a negative or fractional-cent value (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."0123456789.,R$ -abc\u00a0".split("")) }), (s) => {
        const v = lerValorBRL(s);
        if (v !== null) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(Math.round(v * 100)).toBeCloseTo(v * 100, 6);
        }
      }),
    );
  });
});

describe("helpers", () => {
  it("keeps digits only for installment counts", () => {
    expect(apenasDigitos("12 parcelas")).toBe("12");
    expect(apenasDigitos("-3")).toBe("3");
  });
  it("formats numbers as Excel pt-BR reads them", () => {
    expect(formatarNumeroBR(1234567.5)).toBe("1.234.567,50");
    expect(formatarNumeroBR("0")).toBe("0,00");
    expect(formatarNumeroBR(null)).toBe("");
  });
});
