import { describe, expect, it } from "vitest";
import { lerCsvTaxas } from "./rates-csv";
import { dataSgs, janelasSgs, lerRespostaSgs } from "./sgs";

describe("SGS answers and windows", () => {
  it("reads the SGS JSON of a series", () => {
    expect(lerRespostaSgs(25471, [{ data: "01/06/2026", valor: "1.85" }])).toEqual({
      ok: true,
      valores: [{ codigo: 25471, competencia: "2026-06-01", taxa: 1.85 }],
    });
  });

  it("refuses an HTML page, an error object, a bad value or date, and a value outside the series' range", () => {
    expect(lerRespostaSgs(25471, "<html>firewall</html>").ok).toBe(false);
    expect(lerRespostaSgs(25471, { erro: "janela de consulta" }).ok).toBe(false);
    expect(lerRespostaSgs(25471, [{ data: "01/06/2026", valor: "1,85" }]).ok).toBe(false);
    expect(lerRespostaSgs(25471, [{ data: "15/06/2026", valor: "1.85" }]).ok).toBe(false);
    const fora = lerRespostaSgs(25471, [{ data: "01/06/2026", valor: "12.5" }]);
    expect(fora.ok === false && fora.erro).toContain("fora da faixa plausível");
  });

  it("reads imobiliário's 20772 as published, in % a.a., and checks its range in % a.a.", () => {
    expect(lerRespostaSgs(20772, [{ data: "01/06/2026", valor: "11.25" }])).toEqual({
      ok: true,
      valores: [{ codigo: 20772, competencia: "2026-06-01", taxa: 11.25 }],
    });
    // a % a.m.-looking value (0,9) is not this series: refused, in the series' unit
    const mensal = lerRespostaSgs(20772, [{ data: "01/06/2026", valor: "0.90" }]);
    expect(mensal).toEqual({
      ok: false,
      erro: "A série 20772 trouxe 0.90% a.a. em 01/06/2026, fora da faixa plausível (4–30% a.a.): confira o código da série.",
    });
    expect(lerRespostaSgs(20772, [{ data: "01/06/2026", valor: "31.00" }]).ok).toBe(false);
    // and 11,25 would be far outside a '% a.m.' series' range
    expect(lerRespostaSgs(25471, [{ data: "01/06/2026", valor: "11.25" }]).ok).toBe(false);
  });

  it("splits a range into windows of at most 10 years that cover it without gaps", () => {
    const j = janelasSgs("2011-03-01", "2026-11-24");
    expect(j).toEqual([
      ["2011-03-01", "2021-02-28"],
      ["2021-03-01", "2026-11-24"],
    ]);
    expect(janelasSgs("2020-01-01", "2020-01-01")).toEqual([["2020-01-01", "2020-01-01"]]);
    expect(janelasSgs("2000-01-01", "2030-12-31")).toHaveLength(4);
    expect(dataSgs("2021-02-28")).toBe("28/02/2021");
  });
});

describe("rates CSV", () => {
  it("reads the SGS's own CSV export for the chosen series", () => {
    const r = lerCsvTaxas('\uFEFF"data";"valor"\n"01/01/2024";"1,91"\n"01/02/2024";"1,88"\n', 25471);
    expect(r).toEqual({
      ok: true,
      valores: [
        { codigo: 25471, competencia: "2024-01-01", taxa: 1.91 },
        { codigo: 25471, competencia: "2024-02-01", taxa: 1.88 },
      ],
    });
  });

  it("carries several series with a codigo column and other month formats", () => {
    const r = lerCsvTaxas("codigo,data,valor\n25464,03/2024,4.2\n25468,2024-03,1.7\n", null);
    expect(r.ok && r.valores.map((v) => [v.codigo, v.competencia])).toEqual([
      [25464, "2024-03-01"],
      [25468, "2024-03-01"],
    ]);
  });

  it("imports imobiliário's 20772 in % a.a., refusing a value outside its range in % a.a.", () => {
    expect(lerCsvTaxas('"data";"valor"\n"01/03/2024";"12,68"\n', 20772)).toEqual({
      ok: true,
      valores: [{ codigo: 20772, competencia: "2024-03-01", taxa: 12.68 }],
    });
    expect(lerCsvTaxas("codigo;data;valor\n20772;03/2024;11,2\n25471;03/2024;1,5\n", null).ok).toBe(true);
    expect(lerCsvTaxas('"data";"valor"\n"01/03/2024";"0,95"\n', 20772)).toEqual({
      ok: false,
      erros: ["Linha 2: valor '0,95' fora da faixa plausível da série 20772 (4–30% a.a.)."],
    });
  });

  it("refuses the whole file, naming each bad line", () => {
    const r = lerCsvTaxas("data;valor\n01/01/2024;1,9\n15/02/2024;1,9\n01/03/2024;19\n", 25471);
    expect(r).toEqual({
      ok: false,
      erros: [
        "Linha 3: data inválida '15/02/2024'.",
        "Linha 4: valor '19' fora da faixa plausível da série 25471 (0,5–5% a.m.).",
      ],
    });
    expect(lerCsvTaxas("mes;taxa\n01/2024;1\n", 25471)).toEqual({
      ok: false,
      erros: ["Cabeçalhos obrigatórios ausentes: data, valor"],
    });
    expect(lerCsvTaxas("data;valor\n01/01/2024;1,9\n", 99999).ok).toBe(false);
  });
});
