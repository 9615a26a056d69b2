import { describe, expect, it } from "vitest";
import { cabecalhoCsvExportacao, dataHoraPlanilha, linhaCsvExportacao, nomeArquivoExportacao, textoSeguro } from "./leads-export";

const lead = {
  nome: 'Ana "A"; Silva',
  email: null,
  telefone: "+55 11 98765-4321",
  status_lead: "Novo Lead",
  consultor_nome: null,
  origem_lead: "Manual",
  valor_contrato: "1234567.50",
  tipo_financiamento: "Carro",
  valor_parcela: null,
  quantidade_parcelas_pagas: 0,
  objetivo_cliente: "a\nb",
  cidade: null,
  created_at: new Date("2025-01-01T02:30:00Z"),
  updated_at: new Date("2025-06-15T15:00:00Z"),
};

describe("CSV export for Excel pt-BR", () => {
  it("starts with a BOM and ';'-separated titles, lines end in CRLF", () => {
    expect(cabecalhoCsvExportacao().startsWith("\uFEFFNome;Email;Telefone;Status;")).toBe(true);
    expect(cabecalhoCsvExportacao().endsWith("\r\n")).toBe(true);
  });

  it("writes pt-BR numbers and São Paulo dates, quotes what needs quotes, keeps zero counts", () => {
    expect(linhaCsvExportacao(lead)).toBe(
      `"Ana ""A""; Silva";;'+55 11 98765-4321;Novo Lead;;Manual;1.234.567,50;Carro;;0;"a\nb";;31/12/2024 23:30;15/06/2025 12:00\r\n`,
    );
  });

  it("neutralizes cells a spreadsheet would run as formulas", () => {
    for (const s of ["=1+1", "+55", "-2", "@SUM(A1)", "\tx"]) expect(textoSeguro(s).startsWith("'")).toBe(true);
    expect(textoSeguro("Maria")).toBe("Maria");
  });

  it("dates files in São Paulo", () => {
    expect(dataHoraPlanilha(new Date("2025-03-01T02:59:00Z"))).toBe("28/02/2025 23:59");
    expect(nomeArquivoExportacao("xlsx", new Date("2025-03-01T02:59:00Z"))).toBe("leads-2025-02-28.xlsx");
  });
});
