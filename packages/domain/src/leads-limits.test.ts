import { describe, expect, it } from "vitest";
import { motivoLimiteLeads } from "./leads-limits";

describe("motivoLimiteLeads (001 §9)", () => {
  it("lets a plan fill exactly up to its monthly limit", () => {
    expect(motivoLimiteLeads("Básico", 99, 1)).toBeNull();
    expect(motivoLimiteLeads("Premium", 0, 500)).toBeNull();
  });
  it("refuses past the limit, naming the plan and the limit", () => {
    expect(motivoLimiteLeads("Básico", 100, 1)).toBe(
      "Limite do plano Básico atingido: 100 novos leads por mês. Este mês já foram cadastrados 100. Faça upgrade do plano em Assinatura para cadastrar mais leads.",
    );
    expect(motivoLimiteLeads("Premium", 490, 20)).toBe(
      "Limite do plano Premium atingido: 500 novos leads por mês. Este mês já foram cadastrados 490 e esta operação traria mais 20. Faça upgrade do plano em Assinatura para cadastrar mais leads.",
    );
  });
  it("never limits Enterprise", () => {
    expect(motivoLimiteLeads("Enterprise", 1_000_000, 200_000)).toBeNull();
  });
});
