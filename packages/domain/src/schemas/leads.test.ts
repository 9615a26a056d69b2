import { describe, expect, it } from "vitest";
import { ZFiltroLeads, ZNovoLead } from "./leads";

const entrada = {
  nome: " Ana ",
  email: "ANA@X.COM",
  telefone: "(11) 98765-4321",
  tipo_financiamento: "Carro",
  valor_total_financiado: "R$ 1.500,00",
  valor_parcela: "99,9",
  quantidade_parcelas_pagas: "",
  objetivo_cliente: "",
};

describe("ZNovoLead (001 §5)", () => {
  it("reads the form as typed", () => {
    expect(ZNovoLead.parse(entrada)).toEqual({
      nome: "Ana",
      email: "ana@x.com",
      telefone: "(11) 98765-4321",
      tipo_financiamento: "Carro",
      valor_total_financiado: 1500,
      valor_parcela: 99.9,
      quantidade_parcelas_pagas: null,
      objetivo_cliente: null,
      origem_lead: "Manual",
      quantidade_parcelas: null,
      data_contrato: null,
      banco: null,
      taxa_informada_mensal: null,
    });
  });

  it("takes the optional contract data of the pre-analysis, refusing paid installments above the term", () => {
    expect(
      ZNovoLead.parse({
        ...entrada,
        quantidade_parcelas: "48",
        data_contrato: "2024-03-15",
        banco: " Banco X ",
        taxa_informada_mensal: "2,35",
      }),
    ).toMatchObject({ quantidade_parcelas: 48, data_contrato: "2024-03-15", banco: "Banco X", taxa_informada_mensal: 2.35 });
    const r = ZNovoLead.safeParse({ ...entrada, quantidade_parcelas: "10", quantidade_parcelas_pagas: "12" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe("Parcelas pagas maior que o número de parcelas do contrato.");
  });

  it("accepts its own output (the web validates, then the server validates what it sent)", () => {
    const uma = ZNovoLead.parse({ ...entrada, quantidade_parcelas_pagas: "7", objetivo_cliente: "x" });
    expect(ZNovoLead.parse(uma)).toEqual(uma);
    const sem = ZNovoLead.parse(entrada);
    expect(ZNovoLead.parse(sem)).toEqual(sem);
  });

  it("gives the spec's messages", () => {
    const r = ZNovoLead.safeParse({
      ...entrada,
      nome: "",
      telefone: "",
      valor_total_financiado: "0",
      quantidade_parcelas_pagas: "-1",
    });
    expect(r.success).toBe(false);
    const msgs = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path[0], i.message]));
    expect(msgs).toEqual({
      nome: "Nome é obrigatório",
      telefone: "Telefone é obrigatório",
      valor_total_financiado: "Valor total financiado deve ser maior que zero",
      quantidade_parcelas_pagas: "Quantidade de parcelas pagas deve ser um número positivo",
    });
    expect(ZNovoLead.safeParse({ ...entrada, telefone: "1234" }).error?.issues[0].message).toBe(
      "Telefone inválido. Informe o DDD e o número.",
    );
  });
});

describe("ZFiltroLeads", () => {
  it("needs both dates for Personalizado (000 §5)", () => {
    expect(ZFiltroLeads.safeParse({ periodo: "custom", inicio: "2025-01-01" }).error?.issues[0].message).toBe(
      "Informe a data inicial e a data final do período.",
    );
    expect(ZFiltroLeads.safeParse({ periodo: "custom", inicio: "2025-02-01", fim: "2025-01-01" }).success).toBe(false);
    expect(ZFiltroLeads.parse({ periodo: "custom", inicio: "2025-01-01", fim: "2025-01-31" }).pagina).toBe(1);
  });
});
