import { describe, expect, it } from "vitest";
import { taxaConversao, variacaoPercentual } from "./formulas";

describe("taxaConversao (000 §9)", () => {
  it("is converted / qualified as a rounded percent", () => {
    expect(taxaConversao(1, 3)).toBe(33);
    expect(taxaConversao(2, 3)).toBe(67);
  });
  it("is 0 when nobody qualified", () => {
    expect(taxaConversao(5, 0)).toBe(0);
  });
});

describe("variacaoPercentual (000 §9)", () => {
  it("has one decimal and a sign", () => {
    expect(variacaoPercentual(150, 100)).toBe("+50,0%");
    expect(variacaoPercentual(75, 100)).toBe("-25,0%");
    expect(variacaoPercentual(100, 100)).toBe("0,0%");
    expect(variacaoPercentual(1, 3)).toBe("-66,7%");
  });
  it("is +100% or N/A when the previous value is 0", () => {
    expect(variacaoPercentual(7, 0)).toBe("+100%");
    expect(variacaoPercentual(0, 0)).toBe("N/A");
  });
});
