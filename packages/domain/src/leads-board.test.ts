import { describe, expect, it } from "vitest";
import { COLUNAS_QUADRO, colunaDoStatus, infoColuna, QUADRO, STATUS_MENU_CARTAO } from "./leads-board";
import { STATUS_LEAD } from "./status";

describe("My Leads board columns (001 'My Leads')", () => {
  it("has the six columns in order", () => {
    expect(QUADRO.map((c) => c.titulo)).toEqual([
      "Novos Leads",
      "Em Triagem IA",
      "Qualificados",
      "Em Atendimento",
      "Convertidos",
      "Perdidos",
    ]);
    expect(QUADRO.map((c) => c.id)).toEqual([...COLUNAS_QUADRO]);
  });

  it("maps the spec's statuses", () => {
    expect(colunaDoStatus("Novo Lead")).toBe("novos");
    expect(colunaDoStatus("Requer Análise Manual IA")).toBe("triagem");
    expect(colunaDoStatus("Qualificado para Atendente")).toBe("qualificados");
    for (const s of [
      "Em Contato / Primeiro Contato",
      "Em Atendimento",
      "Em Negociação",
      "Proposta Enviada",
      "Aguardando Documentação",
      "Em Acompanhamento",
    ])
      expect(colunaDoStatus(s)).toBe("atendimento");
    expect(colunaDoStatus("Convertido (Ganho)")).toBe("convertidos");
    for (const s of ["Perdido", "Desqualificado / Perdido", "Sem Resposta"]) expect(colunaDoStatus(s)).toBe("perdidos");
  });

  it("puts unknown statuses in Novos Leads", () => {
    expect(colunaDoStatus("Qualquer Coisa")).toBe("novos");
    expect(colunaDoStatus(null)).toBe("novos");
  });

  it("places every status exactly once, and a dropped card lands in the column it was dropped on", () => {
    const todos = QUADRO.flatMap((c) => c.status);
    expect(new Set(todos).size).toBe(todos.length);
    for (const s of STATUS_LEAD) expect(COLUNAS_QUADRO).toContain(colunaDoStatus(s));
    for (const c of QUADRO) expect(colunaDoStatus(c.statusAoSoltar)).toBe(c.id);
    expect(infoColuna("perdidos").titulo).toBe("Perdidos");
  });

  it("offers the spec's card menu", () => {
    expect(STATUS_MENU_CARTAO).toEqual([
      "Em Contato / Primeiro Contato",
      "Em Negociação",
      "Proposta Enviada",
      "Convertido (Ganho)",
      "Desqualificado / Perdido",
    ]);
  });
});
