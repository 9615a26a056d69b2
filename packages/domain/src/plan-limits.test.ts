import { describe, expect, it } from "vitest";
import { modeloIaDoPlano, motivoSemRecurso, motivoSemVaga, textoRecursoBloqueado } from "./plan-limits";

describe("motivoSemVaga (001 §9 plan limits)", () => {
  it("lets a Básico company have 3 consultants and 1 admin, no more", () => {
    expect(motivoSemVaga("Básico", "Consultor", { consultores: 2, administradores: 1 })).toBeNull();
    expect(motivoSemVaga("Básico", "Consultor", { consultores: 3, administradores: 1 })).toBe(
      "O plano Básico permite até 3 consultores (convites pendentes contam). Exclua um convite pendente ou um consultor, ou faça upgrade do plano em Assinatura.",
    );
    expect(motivoSemVaga("Básico", "Admin Empresa", { consultores: 0, administradores: 1 })).toBe(
      "O plano Básico permite até 1 administrador (convites pendentes contam). Faça upgrade do plano em Assinatura para adicionar mais.",
    );
  });

  it("follows Premium (10 consultants, 3 admins) and Enterprise (unlimited consultants, 10 admins)", () => {
    expect(motivoSemVaga("Premium", "Consultor", { consultores: 9, administradores: 0 })).toBeNull();
    expect(motivoSemVaga("Premium", "Consultor", { consultores: 10, administradores: 0 })).toMatch(/até 10 consultores/);
    expect(motivoSemVaga("Premium", "Admin Empresa", { consultores: 0, administradores: 2 })).toBeNull();
    expect(motivoSemVaga("Premium", "Admin Empresa", { consultores: 0, administradores: 3 })).toMatch(/até 3 administrador/);
    expect(motivoSemVaga("Enterprise", "Consultor", { consultores: 10_000, administradores: 0 })).toBeNull();
    expect(motivoSemVaga("Enterprise", "Admin Empresa", { consultores: 0, administradores: 10 })).toMatch(/até 10 administrador/);
  });

  it("never limits the legal team", () => {
    expect(motivoSemVaga("Básico", "Jurídico", { consultores: 99, administradores: 99 })).toBeNull();
  });
});

describe("motivoSemRecurso (Enterprise-only and Premium features of PLANO_INFO)", () => {
  it("names the plan and the feature and points at /planos", () => {
    expect(motivoSemRecurso("Enterprise", "apiPersonalizada")).toBeNull();
    expect(motivoSemRecurso("Premium", "relatoriosAvancados")).toBeNull();
    expect(motivoSemRecurso("Premium", "iaAvancada")).toBe(
      "IA avançada faz parte do plano Enterprise; o plano Premium não inclui. Veja os planos em /planos.",
    );
    expect(motivoSemRecurso("Básico", "relatoriosAvancados")).toBe(
      "Relatórios avançados faz parte dos planos Premium e Enterprise; o plano Básico não inclui. Veja os planos em /planos.",
    );
  });
});

describe("the browser's lock and the screening's model (decision 1310)", () => {
  it("names the plans that include the feature", () => {
    expect(textoRecursoBloqueado("relatoriosAvancados")).toBe(
      "Relatórios avançados: disponível nos planos Premium e Enterprise.",
    );
    expect(textoRecursoBloqueado("iaAvancada")).toBe("IA avançada: disponível no plano Enterprise.");
  });
  it("keeps an advanced model only on Enterprise", () => {
    expect(modeloIaDoPlano("Enterprise", "gpt-4", "gpt-3.5-turbo")).toBe("gpt-4");
    expect(modeloIaDoPlano("Premium", "gpt-4-turbo", "gpt-3.5-turbo")).toBe("gpt-3.5-turbo");
    expect(modeloIaDoPlano("Básico", "gpt-3.5-turbo", "gpt-3.5-turbo")).toBe("gpt-3.5-turbo");
  });
});
