import { describe, expect, it } from "vitest";
import { nomeDeArquivoSeguro } from "./file-names";

describe("nomeDeArquivoSeguro", () => {
  it.each([
    ["contrato\u202Efdp.js", "contratofdp.js"],
    ["a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i.pdf", "abcdefghi.pdf"],
    ["\u200Enota\u200F\u061C.txt", "nota.txt"],
    ["zero\u200Bwidth\uFEFF.pdf", "zerowidth.pdf"],
    ["linha\nquebrada\r\t.pdf", "linhaquebrada.pdf"],
    ["c1\u0085\u009Bcontrol.pdf", "c1control.pdf"],
    ["del\u007F.pdf", "del.pdf"],
    ["linha\u2028paragrafo\u2029.pdf", "linhaparagrafo.pdf"],
    ["../../etc/passwd", ".._.._etc_passwd"],
    ["pasta\\arquivo.docx", "pasta_arquivo.docx"],
    ["  Contrato de Financiamento – cópia (1).pdf  ", "Contrato de Financiamento – cópia (1).pdf"],
    ["imagem ção.png", "imagem ção.png"],
    [null, ""],
    ["\u202E", ""],
  ])("%j → %j", (entrada, esperado) => {
    expect(nomeDeArquivoSeguro(entrada)).toBe(esperado);
  });

  it("keeps accents composed, emoji whole, and cuts at the limit by character", () => {
    expect(nomeDeArquivoSeguro("ca\u0301lculo.xlsx")).toBe("cálculo.xlsx");
    expect(nomeDeArquivoSeguro("😀😀😀", 2)).toBe("😀😀");
    expect(nomeDeArquivoSeguro("x".repeat(300))).toHaveLength(200);
  });
});
