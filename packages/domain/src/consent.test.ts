import { describe, expect, it } from "vitest";
import { CONVERSA_ABERTA_MS, ehPedidoDeSaida, envioExigeConsentimento, naturezaDoEnvio, PALAVRAS_SAIR_PADRAO } from "./consent";

describe("ehPedidoDeSaida", () => {
  it("matches the whole message, whatever its case, accents, punctuation or emoji", () => {
    for (const t of ["SAIR", "sair", " Sair! ", "PARAR.", "párar", "sair 🙏"])
      expect(ehPedidoDeSaida(t, PALAVRAS_SAIR_PADRAO)).toBe(true);
  });
  it("does not take a sentence that contains the word for an opt-out", () => {
    for (const t of ["não quero sair do financiamento", "parar de pagar?", "", null])
      expect(ehPedidoDeSaida(t, PALAVRAS_SAIR_PADRAO)).toBe(false);
  });
  it("reads the company's own list", () => {
    expect(ehPedidoDeSaida("Não quero", ["NAO QUERO"])).toBe(true);
    expect(ehPedidoDeSaida("SAIR", ["NAO QUERO"])).toBe(false);
  });
});

describe("the classification of a send (decision 1829)", () => {
  const agora = new Date("2026-12-07T12:00:00Z");
  const ha = (ms: number) => new Date(agora.getTime() - ms);
  it("lets a reply through only inside an open conversation, and a confirmation always", () => {
    expect(envioExigeConsentimento("resposta", ha(60_000), agora)).toBe(false);
    expect(envioExigeConsentimento("resposta", ha(CONVERSA_ABERTA_MS), agora)).toBe(true);
    expect(envioExigeConsentimento("resposta", null, agora)).toBe(true);
    expect(envioExigeConsentimento("confirmacao", null, agora)).toBe(false);
  });
  it("checks every send the company starts, even right after the lead wrote", () => {
    for (const n of ["modelo", "campanha", "agendada", "automatica"] as const)
      expect(envioExigeConsentimento(n, ha(1000), agora)).toBe(true);
  });
  it("classifies rows without a nature by who sent them; an unknown sender is not a reply", () => {
    expect(naturezaDoEnvio({ sender: "consultor", message_type: "text" })).toBe("resposta");
    expect(naturezaDoEnvio({ sender: "consultor", message_type: "template" })).toBe("modelo");
    expect(naturezaDoEnvio({ sender: "ia", message_type: "text" })).toBe("resposta");
    expect(naturezaDoEnvio({ sender: "sistema", message_type: "text" })).toBe("automatica");
    expect(naturezaDoEnvio({ natureza_envio: "campanha", sender: "consultor", message_type: "text" })).toBe("campanha");
  });
});
