import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aguardandoAtribuicao, escolherConsultor, leadAberto, statusDaPresenca } from "./assignment";

describe("escolherConsultor", () => {
  it("fewest open leads first, then longest waiting (never assigned first), then id", () => {
    const c = (id: string, abertos: number, ultima: string | null) => ({ id, abertos, ultimaAtribuicaoEm: ultima });
    expect(escolherConsultor([c("a", 3, null), c("b", 1, "2025-01-02T00:00:00Z"), c("c", 2, null)])?.id).toBe("b");
    expect(escolherConsultor([c("a", 1, "2025-01-02T00:00:00Z"), c("b", 1, "2025-01-01T00:00:00Z")])?.id).toBe("b");
    expect(escolherConsultor([c("a", 1, "2025-01-01T00:00:00Z"), c("b", 1, null)])?.id).toBe("b");
    expect(escolherConsultor([c("b", 0, null), c("a", 0, null)])?.id).toBe("a");
    expect(escolherConsultor([])).toBeNull();
  });

  it("never picks someone with more open leads than another candidate, whatever the order", () => {
    const candidato = fc.record({
      id: fc.uuid(),
      abertos: fc.nat(20),
      ultimaAtribuicaoEm: fc.option(fc.date({ noInvalidDate: true }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(candidato, { minLength: 1, maxLength: 8 }), (lista) => {
        const escolhido = escolherConsultor(lista);
        expect(escolhido).not.toBeNull();
        expect(lista.every((c) => c.abertos >= (escolhido?.abertos ?? 0))).toBe(true);
        expect(escolherConsultor([...lista].reverse())?.id).toBe(escolhido?.id);
      }),
    );
  });
});

describe("open leads and presence", () => {
  it("converted and lost leads are not open work", () => {
    expect(leadAberto("Em Negociação")).toBe(true);
    expect(leadAberto("Qualificado para Atendente")).toBe(true);
    for (const s of [
      "Convertido",
      "Convertido (Ganho)",
      "Perdido",
      "Desqualificado / Perdido",
      "Sem Resposta",
      "Não Interessado",
    ])
      expect(leadAberto(s)).toBe(false);
  });

  it("no tab → Desconectado; any tab in use → Conectado; all idle → Ocupado", () => {
    expect(statusDaPresenca([])).toBe("Desconectado");
    expect(statusDaPresenca([{ ocioso: true }, { ocioso: false }])).toBe("Conectado");
    expect(statusDaPresenca([{ ocioso: true }, { ocioso: true }])).toBe("Ocupado");
  });
});

describe("the waiting queue (decision 1503)", () => {
  it("a lead waits while it is qualified and nobody has it", () => {
    expect(aguardandoAtribuicao({ status_lead: "Qualificado para Atendente", consultor_atribuido_id: null })).toBe(true);
    expect(aguardandoAtribuicao({ status_lead: "Confirmado pela IA", consultor_atribuido_id: null })).toBe(false);
    expect(aguardandoAtribuicao({ status_lead: "Qualificado para Atendente", consultor_atribuido_id: "c" })).toBe(false);
    expect(aguardandoAtribuicao({ status_lead: "Novo Lead", consultor_atribuido_id: null })).toBe(false);
  });
});
