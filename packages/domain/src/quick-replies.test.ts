import { describe, expect, it } from "vitest";
import { preencherResposta, RESPOSTAS_PADRAO } from "./quick-replies";

describe("preencherResposta", () => {
  it("fills the lead's names, the instalment in BRL, the consultant's first name and the company", () => {
    const r = preencherResposta("{{ nome }} / {{primeiro_nome}} / {{valor_parcela}} / {{consultor}} / {{empresa}}", {
      nome: "  Ana Maria Souza ",
      valorParcela: "1234.5",
      consultor: "Carla Dias",
      empresa: "Revisão Teste",
    });
    expect(r).toEqual({ texto: "Ana Maria Souza / Ana / R$\u00a01.234,50 / Carla / Revisão Teste", faltando: [] });
  });

  it("names each missing value once, leaves it empty, and keeps an unknown {{x}} as typed", () => {
    const r = preencherResposta("Oi {{primeiro_nome}}, parcela {{valor_parcela}} ({{valor_parcela}}) {{cpf}}", {
      nome: "",
      valorParcela: 0,
    });
    expect(r.faltando).toEqual(["primeiro_nome", "valor_parcela"]);
    expect(r.texto).toBe("Oi , parcela () {{cpf}}");
  });

  it("the built-in six use the first name where the templates did", () => {
    expect(RESPOSTAS_PADRAO).toHaveLength(6);
    for (const r of RESPOSTAS_PADRAO) {
      expect(r.conteudo).not.toMatch(/\{\{nome\}\}/);
      expect(r.atalho).toMatch(/^[a-z0-9_-]{1,30}$/);
    }
    expect(
      preencherResposta(RESPOSTAS_PADRAO[0].conteudo, { nome: "Ana Souza", consultor: "Carla", empresa: "X" }).texto,
    ).toMatch(/^Olá, Ana! Aqui é Carla, da X\./);
  });
});
