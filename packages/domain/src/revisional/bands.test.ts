import { describe, expect, it } from "vitest";
import { faixaDaRazao, formatarRazao } from "./bands";

describe("bands of the ratio to the reference", () => {
  it("puts each ratio in the courts' bands, an edge in the lower band", () => {
    const casos: [number, string][] = [
      [0.8, "abaixo"],
      [1, "abaixo"],
      [1.05, "ate_1_1"],
      [1.1, "ate_1_1"],
      [1.3, "de_1_1_a_1_5"],
      [1.5, "de_1_1_a_1_5"],
      [1.51, "de_1_5_a_2"],
      [2, "de_1_5_a_2"],
      [2.9, "de_2_a_3"],
      [3.01, "acima_de_3"],
    ];
    for (const [razao, faixa] of casos) expect(faixaDaRazao(razao)).toBe(faixa);
  });

  it("writes the ratio as people say it", () => {
    expect(formatarRazao(1.8476)).toBe("1,85×");
  });
});
