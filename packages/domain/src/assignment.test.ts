import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aguardandoAtribuicao, dentroDoExpediente, escolherConsultor, leadAberto, statusDaPresenca } from "./assignment";

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

describe("the waiting queue and business hours (decision 1503)", () => {
  const e = { dias: [1, 2, 3, 4, 5], inicio: "08:00", fim: "18:00" };
  // 2026-11-23 is a Monday; São Paulo is UTC−3 (no DST since 2019)
  const sp = (iso: string) => new Date(`${iso}-03:00`);

  it("counts São Paulo's clock: start inclusive, end exclusive", () => {
    expect(dentroDoExpediente(sp("2026-11-23T07:59:59"), e)).toBe(false);
    expect(dentroDoExpediente(sp("2026-11-23T08:00:00"), e)).toBe(true);
    expect(dentroDoExpediente(sp("2026-11-23T17:59:59"), e)).toBe(true);
    expect(dentroDoExpediente(sp("2026-11-23T18:00:00"), e)).toBe(false);
  });

  it("only on the chosen days, by São Paulo's date (not UTC's)", () => {
    // Saturday 10:00 in São Paulo
    expect(dentroDoExpediente(sp("2026-11-28T10:00:00"), e)).toBe(false);
    expect(dentroDoExpediente(sp("2026-11-28T10:00:00"), { ...e, dias: [6] })).toBe(true);
    // Friday 22:30 in São Paulo is already Saturday in UTC
    expect(dentroDoExpediente(sp("2026-11-27T22:30:00"), { ...e, fim: "23:00" })).toBe(true);
    expect(dentroDoExpediente(sp("2026-11-27T22:30:00"), { dias: [6], inicio: "00:00", fim: "23:59" })).toBe(false);
  });

  it("a lead waits while it is qualified and nobody has it", () => {
    expect(aguardandoAtribuicao({ status_lead: "Qualificado para Atendente", consultor_atribuido_id: null })).toBe(true);
    expect(aguardandoAtribuicao({ status_lead: "Confirmado pela IA", consultor_atribuido_id: null })).toBe(false);
    expect(aguardandoAtribuicao({ status_lead: "Qualificado para Atendente", consultor_atribuido_id: "c" })).toBe(false);
    expect(aguardandoAtribuicao({ status_lead: "Novo Lead", consultor_atribuido_id: null })).toBe(false);
  });
});
